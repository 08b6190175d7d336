/// The storyboard's WebVTT map: one cue per thumbnail, from its time to the next one's,
/// pointing into the sprite with a media fragment (`3f2a9c04b1d7e6a8.jpg#xywh=160,0,160,90`).
/// The sprite is named without a path, so the map resolves it next to itself.
enum StoryboardMap {
    /// The cues run back to back from 0 to `duration` (the rendition's): thumbnails that
    /// would start after the end are left out, the last cue ends at the end.
    static func webVTT(_ layout: StoryboardLayout, spriteName: String, duration: Double) -> String {
        let end = milliseconds(duration)
        var text = "WEBVTT\n"
        for index in 0..<layout.count {
            let start = index * layout.interval * 1_000
            guard index == 0 || start < end else { break }
            let last = index == layout.count - 1 || (index + 1) * layout.interval * 1_000 >= end
            let (x, y) = layout.tile(index)
            text += "\n\(timestamp(start)) --> \(timestamp(last ? max(end, start + 1) : start + layout.interval * 1_000))\n"
            text += "\(spriteName)#xywh=\(x),\(y),\(layout.tileWidth),\(layout.tileHeight)\n"
            if last { break }
        }
        return text
    }

    /// Whole milliseconds.
    private static func milliseconds(_ seconds: Double) -> Int {
        Int((seconds.clamped(to: 0...1e9) * 1_000).rounded())
    }

    /// "01:02:03.456".
    private static func timestamp(_ milliseconds: Int) -> String {
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1_000)
        return "\(padded(seconds / 3_600)):\(padded(seconds / 60 % 60)):\(padded(seconds % 60)).\(padded(fraction, 3))"
    }

    private static func padded(_ value: Int, _ digits: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
