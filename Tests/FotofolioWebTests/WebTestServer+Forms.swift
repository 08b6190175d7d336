import Foundation
import Fotofolio

/// A file sent in a multipart form.
struct FormFile {
    let field: String
    let filename: String
    let contentType: String
    let data: Data

    /// One of the project's demo photos.
    static func demoPhoto(_ name: String, field: String = "files") throws -> FormFile {
        let path = WebTestServer.repository + "/Demo/photos/" + name
        return FormFile(field: field, filename: name, contentType: "image/jpeg", data: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func text(_ text: String, named filename: String, field: String = "files") -> FormFile {
        FormFile(field: field, filename: filename, contentType: "image/jpeg", data: Data(text.utf8))
    }
}

extension WebTestServer {
    /// Registers and signs in a photographer.
    @discardableResult
    func signUpCreator(username: String = "vojta.test") async throws -> Reply {
        try await submit("/register", [
            "role": "creator", "username": username, "fullName": "Vojta Test", "email": "\(username)@example.cz",
            "location": "Praha", "password": "dlouhe-heslo-1", "passwordConfirmation": "dlouhe-heslo-1",
            "bio": "Svatby a portréty.", "yearsOfExperience": "5",
        ])
    }

    /// Forgets the signed-in person, as a new browser would.
    func signOut() { jar = [:] }

    /// Posts a form as `multipart/form-data`, fields in order (names may repeat), with the
    /// CSRF token and a same-origin header, as a page of this site does.
    func submitMultipart(_ path: String, _ fields: [(String, String)], files: [FormFile] = [],
                         csrf: Bool = true, headers: [String: String] = [:]) async throws -> Reply {
        let body = try await multipartBody(fields, files: files, csrf: csrf)
        return try await send(path, method: "POST", headers: ["Sec-Fetch-Site": "same-origin"].merging(headers) { _, new in new },
                              body: body)
    }

    /// The form `submitMultipart` would post, not sent yet.
    func pendingMultipart(_ path: String, _ fields: [(String, String)]) async throws -> PendingRequest {
        let body = try await multipartBody(fields, files: [], csrf: true)
        return request(path, method: "POST", headers: ["Sec-Fetch-Site": "same-origin"], body: body)
    }

    private func multipartBody(_ fields: [(String, String)], files: [FormFile], csrf: Bool) async throws -> (data: Data, contentType: String) {
        let token = try await currentCSRFToken()
        let boundary = "----fotofolio-test-\(UUID().uuidString)"
        var data = Data()
        func part(_ headers: String, _ content: Data) {
            data.append(Data("--\(boundary)\r\n\(headers)\r\n\r\n".utf8))
            data.append(content)
            data.append(Data("\r\n".utf8))
        }
        for (name, value) in (csrf ? [("_csrf", token)] : []) + fields {
            part("Content-Disposition: form-data; name=\"\(name)\"", Data(value.utf8))
        }
        for file in files {
            part("Content-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"\r\nContent-Type: \(file.contentType)", file.data)
        }
        data.append(Data("--\(boundary)--\r\n".utf8))
        return (data, "multipart/form-data; boundary=\(boundary)")
    }

    /// Creates a portfolio through the form and returns its path ("/portfolios/1").
    func createPortfolio(name: String = "Svatby", photos: [String] = ["food-espresso-cup.jpg"], tags: String = "svatba portrét") async throws -> String {
        let reply = try await submitMultipart("/portfolios", [("name", name), ("description", "Popis"), ("tags", tags), ("save", "1")],
                                              files: try photos.map { try FormFile.demoPhoto($0) })
        guard reply.status == 303, let location = reply.headers["location"] else {
            throw TestFailure("creating a portfolio answered \(reply.status): \(reply.body.prefix(300))")
        }
        return String(location.split(separator: "?")[0])
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
