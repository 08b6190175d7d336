/// `partials/film`: a film on its portfolio's page. The native `<video controls>` plays it
/// without JavaScript; `film-player.js` puts the precise slider (`seek`) in place of the
/// native controls, with the storyboard's thumbnails over it while scrubbing.
struct FilmModel: ViewModel {
    let mp4: String
    let webm: String
    /// The storyboard's WebVTT map.
    let storyboard: String
    let poster: String
    let width: Int
    let height: Int
    let alt: String
    /// "1:05", also on the cards.
    let duration: String
    /// "30000/1001": frame stepping moves by exactly one frame.
    let frameRate: String
    let seek: PreciseSliderModel
    /// The first film a reader sees is fetched at once.
    let eager: Bool
    /// Where it opens, in seconds ("65.25"), when the address says (`FilmStart`): the
    /// sources' media fragment (`#t=`) starts it there without scripts, the player seeks to
    /// that exact frame.
    var start: String? = nil
}
