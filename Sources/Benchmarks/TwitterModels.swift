import BaseModelKit
import Foundation

// twitter.json (100 statuses of a search, 617 KB, much of it non-ASCII text) as models: the same
// subset of fields for every contender — each status, its author and the status it retweets.

final class TwitterModel: BaseModel {
    var statuses: [StatusModel] = []
    override class var apiToLocal: [String: String] { ["statuses": "statuses"] }
}

final class StatusModel: BaseModel {
    var createdAt = ""
    var statusId = 0
    var idStr = ""
    var text = ""
    var source = ""
    var truncated = false
    var inReplyToStatusId: Int?
    var inReplyToUserId: Int?
    var inReplyToScreenName: String?
    var user = TwitterUserModel()
    var retweetedStatus: StatusModel?
    var retweetCount = 0
    var favoriteCount = 0
    var favorited = false
    var retweeted = false
    var lang = ""
    override class var apiToLocal: [String: String] {
        ["created_at": "createdAt", "id": "statusId", "id_str": "idStr", "text": "text", "source": "source",
         "truncated": "truncated", "in_reply_to_status_id": "inReplyToStatusId", "in_reply_to_user_id": "inReplyToUserId",
         "in_reply_to_screen_name": "inReplyToScreenName", "user": "user", "retweeted_status": "retweetedStatus",
         "retweet_count": "retweetCount", "favorite_count": "favoriteCount", "favorited": "favorited",
         "retweeted": "retweeted", "lang": "lang"]
    }
}

final class TwitterUserModel: BaseModel {
    var userId = 0
    var idStr = ""
    var name = ""
    var screenName = ""
    var location = ""
    var userDescription = ""
    var url: String?
    var isProtected = false
    var followersCount = 0
    var friendsCount = 0
    var listedCount = 0
    var createdAt = ""
    var favouritesCount = 0
    var utcOffset: Int?
    var timeZone: String?
    var verified = false
    var statusesCount = 0
    var lang = ""
    var profileImageUrl = ""
    var following: Bool?
    override class var apiToLocal: [String: String] {
        ["id": "userId", "id_str": "idStr", "name": "name", "screen_name": "screenName", "location": "location",
         "description": "userDescription", "url": "url", "protected": "isProtected", "followers_count": "followersCount",
         "friends_count": "friendsCount", "listed_count": "listedCount", "created_at": "createdAt",
         "favourites_count": "favouritesCount", "utc_offset": "utcOffset", "time_zone": "timeZone", "verified": "verified",
         "statuses_count": "statusesCount", "lang": "lang", "profile_image_url": "profileImageUrl", "following": "following"]
    }
}

final class TwitterRecord: Codable {
    var statuses: [StatusRecord] = []
}

final class StatusRecord: Codable {
    var createdAt = ""
    var statusId = 0
    var idStr = ""
    var text = ""
    var source = ""
    var truncated = false
    var inReplyToStatusId: Int?
    var inReplyToUserId: Int?
    var inReplyToScreenName: String?
    var user = TwitterUserRecord()
    var retweetedStatus: StatusRecord?
    var retweetCount = 0
    var favoriteCount = 0
    var favorited = false
    var retweeted = false
    var lang = ""
    enum CodingKeys: String, CodingKey {
        case createdAt = "created_at", statusId = "id", idStr = "id_str", text, source, truncated
        case inReplyToStatusId = "in_reply_to_status_id", inReplyToUserId = "in_reply_to_user_id"
        case inReplyToScreenName = "in_reply_to_screen_name", user, retweetedStatus = "retweeted_status"
        case retweetCount = "retweet_count", favoriteCount = "favorite_count", favorited, retweeted, lang
    }
}

final class TwitterUserRecord: Codable {
    var userId = 0
    var idStr = ""
    var name = ""
    var screenName = ""
    var location = ""
    var userDescription = ""
    var url: String?
    var isProtected = false
    var followersCount = 0
    var friendsCount = 0
    var listedCount = 0
    var createdAt = ""
    var favouritesCount = 0
    var utcOffset: Int?
    var timeZone: String?
    var verified = false
    var statusesCount = 0
    var lang = ""
    var profileImageUrl = ""
    var following: Bool?
    enum CodingKeys: String, CodingKey {
        case userId = "id", idStr = "id_str", name, screenName = "screen_name", location, userDescription = "description"
        case url, isProtected = "protected", followersCount = "followers_count", friendsCount = "friends_count"
        case listedCount = "listed_count", createdAt = "created_at", favouritesCount = "favourites_count"
        case utcOffset = "utc_offset", timeZone = "time_zone", verified, statusesCount = "statuses_count", lang
        case profileImageUrl = "profile_image_url", following
    }
}
