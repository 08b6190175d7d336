/// The version this build reports.
enum FotofolioVersion {
    static let current = "0.1.0"
}
