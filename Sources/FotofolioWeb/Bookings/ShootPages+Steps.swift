import Foundation
import Fotofolio
import HTTPServer
import PreciseSlider

/// Declining (the photographer), accepting (the client) and cancelling (either): a page each with the card it answers.
extension ShootPages {
    func declineForm(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let shoot = try shoot(request, for: userId)
        return try stepPage(request, shoot: shoot, card: .request(shoot.request.id), key: "decline", fields: [reasonField(request)])
    }

    func sendDecline(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let shoot = try shoot(request, for: userId)
        let table = renderer.strings(for: request)
        let reason = request.form["reason"] ?? ""
        do {
            try bookings.decline(shoot.request.id, reason: reason, uuid: request.form["uuid"] ?? "", by: userId,
                                 text: ShootText(table: table).declined)
            return .redirect(to: "/messages/\(shoot.request.roomId)")
        } catch let error as BookingError {
            return try stepPage(request, shoot: shoot, card: .request(shoot.request.id), key: "decline",
                                fields: [reasonField(request, value: reason, error: error)], problem: Self.problem(error, table),
                                uuid: request.form["uuid"], status: Self.status(error))
        }
    }

    func acceptForm(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let (shoot, offerId) = try offer(request, for: userId)
        return try stepPage(request, shoot: shoot, card: .offer(offerId), key: "accept", fields: [])
    }

    func sendAccept(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let (shoot, offerId) = try offer(request, for: userId)
        let table = renderer.strings(for: request)
        do {
            try bookings.accept(offerId, uuid: request.form["uuid"] ?? "", by: userId, text: ShootText(table: table).accepted,
                                closingText: table.string("demands.said.bookedAnother"))
            return .redirect(to: "/messages/\(shoot.request.roomId)")
        } catch let error as BookingError {
            return try stepPage(request, shoot: shoot, card: .offer(offerId), key: "accept", fields: [],
                                problem: Self.problem(error, table), uuid: request.form["uuid"], status: Self.status(error))
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            return try stepPage(request, shoot: shoot, card: .offer(offerId), key: "accept", fields: [],
                                problem: table.string(failure.key), uuid: request.form["uuid"], status: failure.status)
        }
    }

    func cancelForm(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let booking = try booking(request, for: userId)
        guard let shoot = try bookings.shoot(request: booking.requestId, for: userId) else { throw notFound(request) }
        return try stepPage(request, shoot: shoot, card: .booking(booking.id), key: "cancel", fields: [reasonField(request)])
    }

    func sendCancel(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let booking = try booking(request, for: userId)
        guard let shoot = try bookings.shoot(request: booking.requestId, for: userId) else { throw notFound(request) }
        let table = renderer.strings(for: request)
        let reason = request.form["reason"] ?? ""
        do {
            try bookings.cancel(booking.id, reason: reason, uuid: request.form["uuid"] ?? "", by: userId,
                                text: ShootText(table: table).cancelled)
            return .redirect(to: "/messages/\(booking.roomId)")
        } catch let error as BookingError {
            return try stepPage(request, shoot: shoot, card: .booking(booking.id), key: "cancel",
                                fields: [reasonField(request, value: reason, error: error)], problem: Self.problem(error, table),
                                uuid: request.form["uuid"], status: Self.status(error))
        }
    }
}
