/// How a photo was shot, in the reader's words; each line only when the camera said it.
struct ShotModel: ViewModel {
    let camera: String?
    let lens: String?
    /// Focal length, aperture, shutter and ISO, joined.
    let settings: String?
    let takenAt: String?
}
