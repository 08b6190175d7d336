import Crypto
import Foundation

extension PhotoLibrary {
    /// Keeps the document at `path` (a PDF a message carries) as it came, under a name made
    /// from its bytes (`files/<hash>.pdf`), once its bytes fit in what `owner` may still
    /// store. Returns that name and its size; the upload itself is left where it is.
    public func keepDocument(fileAt path: String, owner: Int64) throws(PhotoImportError) -> (file: String, byteCount: Int) {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
            guard try storedBytes(of: owner) + bytes.count <= storagePerPerson else { throw PhotoImportError.quotaExceeded }
        } catch let error as PhotoImportError {
            throw error
        } catch {
            throw .failed(detail: "reading a document: \(error)")
        }
        let name = "files/\(Hex.string(SHA256.hash(data: bytes).prefix(12))).pdf"
        let target = (mediaDirectory as NSString).appendingPathComponent(name)
        do {
            if !FileManager.default.fileExists(atPath: target) {
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try bytes.write(to: URL(fileURLWithPath: target), options: .atomic)
            }
        } catch {
            throw .failed(detail: "keeping a document: \(error)")
        }
        return (name, bytes.count)
    }
}
