import Foundation

/// The practical limit for twitter.json as models: a decoder written for exactly the subset of
/// fields the models map, into the classes JSONDecoder fills — a loop per object, keys dispatched on
/// their length and bytes, other members skipped, strings made once (escapes decoded into a scratch
/// buffer). The payload is indented, so the scanner skips whitespace between tokens.
enum HandWrittenTwitter {
    static func decode(_ bytes: [UInt8]) throws -> TwitterRecord {
        // Sound: the scanner reads `buffer` only inside this closure (see `FastScanner`).
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = FastScanner(buffer, spaced: true)
            let record = TwitterRecord()
            try scanner.expect(UInt8(ascii: "{"))
            repeat {
                let key = try scanner.rawKey()
                if key.count == 8, FastScanner.equal(key, "statuses") {
                    try scanner.expect(UInt8(ascii: "["))
                    var statuses: [StatusRecord] = []
                    if !scanner.consume(UInt8(ascii: "]")) {
                        repeat { statuses.append(try status(&scanner)) } while try scanner.next(UInt8(ascii: "]"))
                    }
                    record.statuses = statuses
                } else {
                    try scanner.skipValue()
                }
            } while try scanner.next(UInt8(ascii: "}"))
            return record
        }
    }

    private static func status(_ scanner: inout FastScanner) throws -> StatusRecord {
        let status = StatusRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            let key = try scanner.rawKey()
            switch key.count {
            case 2 where FastScanner.equal(key, "id"): status.statusId = try scanner.int()
            case 4 where FastScanner.equal(key, "text"): status.text = try scanner.string()
            case 4 where FastScanner.equal(key, "user"): status.user = try user(&scanner)
            case 4 where FastScanner.equal(key, "lang"): status.lang = try scanner.string()
            case 6 where FastScanner.equal(key, "id_str"): status.idStr = try scanner.string()
            case 6 where FastScanner.equal(key, "source"): status.source = try scanner.string()
            case 9 where FastScanner.equal(key, "truncated"): status.truncated = try scanner.bool()
            case 9 where FastScanner.equal(key, "favorited"): status.favorited = try scanner.bool()
            case 9 where FastScanner.equal(key, "retweeted"): status.retweeted = try scanner.bool()
            case 10 where FastScanner.equal(key, "created_at"): status.createdAt = try scanner.string()
            case 13 where FastScanner.equal(key, "retweet_count"): status.retweetCount = try scanner.int()
            case 14 where FastScanner.equal(key, "favorite_count"): status.favoriteCount = try scanner.int()
            case 16 where FastScanner.equal(key, "retweeted_status"): status.retweetedStatus = scanner.null() ? nil : try self.status(&scanner)
            case 19 where FastScanner.equal(key, "in_reply_to_user_id"): status.inReplyToUserId = scanner.null() ? nil : try scanner.int()
            case 21 where FastScanner.equal(key, "in_reply_to_status_id"): status.inReplyToStatusId = scanner.null() ? nil : try scanner.int()
            case 23 where FastScanner.equal(key, "in_reply_to_screen_name"): status.inReplyToScreenName = scanner.null() ? nil : try scanner.string()
            default: try scanner.skipValue()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return status
    }

    private static func user(_ scanner: inout FastScanner) throws -> TwitterUserRecord {
        let user = TwitterUserRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            let key = try scanner.rawKey()
            switch key.count {
            case 2 where FastScanner.equal(key, "id"): user.userId = try scanner.int()
            case 3 where FastScanner.equal(key, "url"): user.url = scanner.null() ? nil : try scanner.string()
            case 4 where FastScanner.equal(key, "name"): user.name = try scanner.string()
            case 4 where FastScanner.equal(key, "lang"): user.lang = try scanner.string()
            case 6 where FastScanner.equal(key, "id_str"): user.idStr = try scanner.string()
            case 8 where FastScanner.equal(key, "location"): user.location = try scanner.string()
            case 8 where FastScanner.equal(key, "verified"): user.verified = try scanner.bool()
            case 9 where FastScanner.equal(key, "protected"): user.isProtected = try scanner.bool()
            case 9 where FastScanner.equal(key, "time_zone"): user.timeZone = scanner.null() ? nil : try scanner.string()
            case 9 where FastScanner.equal(key, "following"): user.following = scanner.null() ? nil : try scanner.bool()
            case 10 where FastScanner.equal(key, "created_at"): user.createdAt = try scanner.string()
            case 10 where FastScanner.equal(key, "utc_offset"): user.utcOffset = scanner.null() ? nil : try scanner.int()
            case 11 where FastScanner.equal(key, "screen_name"): user.screenName = try scanner.string()
            case 11 where FastScanner.equal(key, "description"): user.userDescription = try scanner.string()
            case 12 where FastScanner.equal(key, "listed_count"): user.listedCount = try scanner.int()
            case 13 where FastScanner.equal(key, "friends_count"): user.friendsCount = try scanner.int()
            case 14 where FastScanner.equal(key, "statuses_count"): user.statusesCount = try scanner.int()
            case 15 where FastScanner.equal(key, "followers_count"): user.followersCount = try scanner.int()
            case 16 where FastScanner.equal(key, "favourites_count"): user.favouritesCount = try scanner.int()
            case 17 where FastScanner.equal(key, "profile_image_url"): user.profileImageUrl = try scanner.string()
            default: try scanner.skipValue()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return user
    }
}
