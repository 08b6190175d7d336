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
    /// A film's length ("1:05"), shown on its poster; nil for a photo.
    var duration: String? = nil

    // Dozens a portfolio or profile page: answered without reflection.
    func child(named name: String) -> Any? {
        switch name {
        case "color": ViewModelLookup.answer(name, color)
        case "webpSrcset": ViewModelLookup.answer(name, webpSrcset)
        case "jpegSrcset": ViewModelLookup.answer(name, jpegSrcset)
        case "sizes": ViewModelLookup.answer(name, sizes)
        case "src": ViewModelLookup.answer(name, src)
        case "width": ViewModelLookup.answer(name, width)
        case "height": ViewModelLookup.answer(name, height)
        case "alt": ViewModelLookup.answer(name, alt)
        case "eager": ViewModelLookup.answer(name, eager)
        case "number": ViewModelLookup.answer(name, number)
        case "duration": ViewModelLookup.answer(name, duration)
        default: ViewModelLookup.missing(name)
        }
    }
}
