/// `partials/photo`: one photo with its placeholder colour, `<picture>` sources and size.
struct PhotoModel: ViewModel {
    let color: String
    let webpSrcset: String
    let jpegSrcset: String
    let sizes: String
    /// The fallback JPEG.
    let src: String
    let width: Int
    let height: Int
    let alt: String
    /// Fetched at once (the first photo a reader sees), not when scrolled near.
    let eager: Bool
    /// Its place in the portfolio, from 1: the anchor `#photo-<number>`.
    let number: Int
}
