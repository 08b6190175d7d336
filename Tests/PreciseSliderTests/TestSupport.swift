import PreciseSlider

/// True when `a` and `b` agree within `tolerance`, relative beyond magnitude 1.
func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// Axes and viewports the specifications share.
enum Fixtures {
    static let percent = try! SliderAxis(min: 0, max: 100)
    static let reversed = try! SliderAxis(min: 100, max: 0)
    static let hue = try! SliderAxis(min: 0, max: 360, isInfinite: true)
    static let video = try! SliderAxis(min: 0, max: 600)
    /// The seed's phone: a 390 px slider.
    static let phone = try! AxisViewport.slider(length: 390)
    /// A plane axis 800 px long over 1200 px of content.
    static let planeX = try! AxisViewport.plane(length: 800, content: 1200)
}
