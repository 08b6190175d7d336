import Foundation
import Fotofolio
import HTTPServer
import Synchronization

/// Who may send a body that can carry files (photos, an avatar), decided from the request's
/// head before a byte of it is stored: someone signed in, from this site's own pages, with
/// room on the disk, and with at most two uploads of their own arriving at once.
///
/// The CSRF token travels in the body, so it is checked later as for every form; what is
/// checked here is what the head can tell, so a stranger's upload costs nothing.
final class UploadAdmission: Sendable {
    struct Policy: Sendable {
        /// Uploads one person may have arriving at once: the portfolio editor sends two at a
        /// time, and starts the next when an answer arrives, a moment before the server has
        /// counted the finished one out.
        var perPerson = 4
        /// Bytes one person may have arriving at once.
        var bytesPerPerson = 1100 << 20
        /// Free space the data folder keeps: below it uploads are refused, never the disk filled.
        var minimumFreeBytes: Int64 = 512 << 20
        /// A body of unknown length (chunked) counts as this much.
        var unknownLength = 520 << 20
    }

    fileprivate let sessions: SessionStore
    private let spoolDirectory: String
    private let policy: Policy
    private let inFlight = Mutex<[Int64: (count: Int, bytes: Int)]>([:])

    init(sessions: SessionStore, spoolDirectory: String, policy: Policy = Policy()) {
        self.sessions = sessions
        self.spoolDirectory = spoolDirectory
        self.policy = policy
    }

    /// The admission of a page's form (a guest is sent to log in) or of a script's endpoint
    /// (a guest is told 401, as the endpoint itself would).
    func gate(forScripts: Bool = false) -> some BodyAdmission { Gate(admission: self, forScripts: forScripts) }

    /// Who may send a form's files where the form names something of someone's (a message's
    /// files, `MessageAttachments`; a demand's photos, `DemandPhotos`): as for every upload, and
    /// `check` (may this person write in this room? told whether the body is an upload) passed,
    /// and a declared length within `largestBody`. A body no larger than a plain form's
    /// (a message's text) is not counted as an upload.
    func gate(largestBody: Int, formBytes: Int, check: @escaping @Sendable (Request, Int64, Bool) -> HTTPFailure?)
        -> some BodyAdmission {
        CheckedGate(admission: self, largestBody: largestBody, formBytes: formBytes, check: check)
    }

    private struct Gate: BodyAdmission {
        let admission: UploadAdmission
        let forScripts: Bool
        func admit(_ head: Request) -> Admission { admission.admit(head, forScripts: forScripts) }
    }

    private struct CheckedGate: BodyAdmission {
        let admission: UploadAdmission
        let largestBody: Int
        let formBytes: Int
        let check: @Sendable (Request, Int64, Bool) -> HTTPFailure?

        func admit(_ head: Request) -> Admission {
            guard CSRFCheck.isSameOrigin(head), let signedIn = SignedIn.resume(head, sessions: admission.sessions) else {
                return admission.admit(head, forScripts: head.wantsJSON)
            }
            let length = head.headers["content-length"].flatMap(Int.init)
            let isUpload = length.map { $0 > formBytes } ?? true
            if let failure = check(head, signedIn.userId, isUpload) { return .refused(failure) }
            if let length, length > largestBody {
                return .refused(HTTPFailure(.contentTooLarge, "The files of one form may come to \(largestBody >> 20) MiB at most."))
            }
            return isUpload ? admission.admit(head, forScripts: head.wantsJSON) : .admitted(signedIn)
        }
    }

    func admit(_ head: Request, forScripts: Bool) -> Admission {
        guard CSRFCheck.isSameOrigin(head) else {
            return .refused(HTTPFailure(.forbidden, "This form can only be sent from Fotofolio's own pages."))
        }
        guard let signedIn = SignedIn.resume(head, sessions: sessions) else {
            return .refused(forScripts ? HTTPFailure(.unauthorized, "Sign in to upload photos.") : HTTPFailure(.seeOther, "Sign in to continue.", headers: ["Location": SignInRedirect.location(for: head)]))
        }
        let length = head.headers["content-length"].flatMap(Int.init) ?? policy.unknownLength
        guard Self.freeBytes(at: spoolDirectory).map({ $0 - Int64(length) >= policy.minimumFreeBytes }) ?? true else {
            return .refused(HTTPFailure(.insufficientStorage, "The server is short of disk space; uploads wait until it has room again."))
        }
        let userId = signedIn.userId
        let admitted = inFlight.withLock { inFlight -> Bool in
            let current = inFlight[userId] ?? (0, 0)
            guard current.count < policy.perPerson, current.bytes + length <= policy.bytesPerPerson else { return false }
            inFlight[userId] = (current.count + 1, current.bytes + length)
            return true
        }
        guard admitted else {
            return .refused(HTTPFailure(.tooManyRequests, "Your other uploads are still arriving; send this one when they are done.",
                                        headers: ["Retry-After": "5"]))
        }
        return .admitted { [self] in finished(userId: userId, length: length) }
    }

    private func finished(userId: Int64, length: Int) {
        inFlight.withLock { inFlight in
            let current = inFlight[userId] ?? (1, length)
            inFlight[userId] = current.count <= 1 ? nil : (current.count - 1, current.bytes - length)
        }
    }

    /// Bytes an unprivileged writer may still use on the file system of `path`.
    static func freeBytes(at path: String) -> Int64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int64(clamping: UInt64(info.f_bavail).multipliedReportingOverflow(by: UInt64(info.f_frsize)).partialValue)
    }
}
