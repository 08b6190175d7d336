import Fotofolio
import Foundation

/// A long conversation for the demo: Lenka photographs a café's weekly menu for Jana over
/// ten weeks, long enough that its history pages back and its timeline earns its place.
extension DemoConversations {
    private static let dishes = [
        ("dýňová polévka", "pečená dýně"), ("švestkový koláč", "švestky"), ("houbové rizoto", "hříbky"),
        ("jablečný štrúdl", "jablka"), ("kachna se zelím", "červené zelí"), ("perníček", "perník"),
        ("čočkový salát", "čočka"), ("vánočka", "mandle"), ("zelňačka", "kysané zelí"), ("bramborák", "majoránka"),
    ]

    static var cafeWeeks: Conversation {
        var lines: [Line] = []
        for (week, (dish, ingredient)) in dishes.enumerated() {
            let day = 7 * (dishes.count - week) + 2  // ten weeks back, one a week, the last nine days ago
            let texts: [(String, String, Int, Int)] = [
                ("jana.k", "Dobrý den, tento týden bude na menu \(dish). Stihnete ve čtvrtek dopoledne?", 9, 5),
                ("lenka.svetlo", "Ano, přijdu v 10. Připravte prosím \(ingredient) i zvlášť, nafotím detail.", 9, 40),
                ("jana.k", "Domluveno, stůl u okna bude volný.", 10, 2),
                ("lenka.svetlo", "Hotovo, posílám náhledy: 12 fotek \(dish), vyberte prosím tři na web.", 16, 30),
                ("jana.k", "Berem 2, 5 a 11. Ta s párou nad talířem je skvělá!", 18, 12),
                ("lenka.svetlo", "Upravené fotky jsou ve sdílené složce. Hezký víkend!", 20, 45),
            ]
            for (index, text) in texts.enumerated() {
                lines.append(Line(uuid: String(format: "d3e40000-0000-4000-8000-0000000004%02d", week * 10 + index),
                                  author: text.0, text: text.1,
                                  when: .daysAgo(day - (index >= 3 ? 1 : 0), hour: text.2, minute: text.3)))
            }
        }
        return Conversation(groupName: nil, people: ["jana.k", "lenka.svetlo"], lines: lines, readers: ["jana.k", "lenka.svetlo"])
    }
}
