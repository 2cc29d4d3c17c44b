import BaseModelKit
import Foundation

// citm_catalog.json (a real ticketing catalogue, 1.7 MB) as models, once per contender.

final class CatalogModel: BaseModel {
    var areaNames: [String: String] = [:]
    var audienceSubCategoryNames: [String: String] = [:]
    var blockNames: [String: String] = [:]
    var events: [String: CatalogEventModel] = [:]
    var performances: [PerformanceModel] = []
    var seatCategoryNames: [String: String] = [:]
    var subTopicNames: [String: String] = [:]
    var subjectNames: [String: String] = [:]
    var topicNames: [String: String] = [:]
    var topicSubTopics: [String: [Int]] = [:]
    var venueNames: [String: String] = [:]
    override class var apiToLocal: [String: String] {
        Dictionary(uniqueKeysWithValues: ["areaNames", "audienceSubCategoryNames", "blockNames", "events", "performances",
            "seatCategoryNames", "subTopicNames", "subjectNames", "topicNames", "topicSubTopics", "venueNames"].map { ($0, $0) })
    }
}

final class CatalogEventModel: BaseModel {
    var eventDescription: String?
    var eventId: Int = 0
    var logo: String?
    var name: String = ""
    var subTopicIds: [Int] = []
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int] = []
    override class var apiToLocal: [String: String] {
        ["description": "eventDescription", "id": "eventId", "logo": "logo", "name": "name", "subTopicIds": "subTopicIds",
         "subjectCode": "subjectCode", "subtitle": "subtitle", "topicIds": "topicIds"]
    }
}

final class PerformanceModel: BaseModel {
    var eventId: Int = 0
    var performanceId: Int = 0
    var logo: String?
    var name: String?
    var prices: [PriceModel] = []
    var seatCategories: [SeatCategoryModel] = []
    var seatMapImage: String?
    var start: Int = 0
    var venueCode: String = ""
    override class var apiToLocal: [String: String] {
        ["eventId": "eventId", "id": "performanceId", "logo": "logo", "name": "name", "prices": "prices",
         "seatCategories": "seatCategories", "seatMapImage": "seatMapImage", "start": "start", "venueCode": "venueCode"]
    }
}

final class PriceModel: BaseModel {
    var amount: Int = 0
    var audienceSubCategoryId: Int = 0
    var seatCategoryId: Int = 0
    override class var apiToLocal: [String: String] {
        ["amount": "amount", "audienceSubCategoryId": "audienceSubCategoryId", "seatCategoryId": "seatCategoryId"]
    }
}

final class SeatCategoryModel: BaseModel {
    var areas: [AreaModel] = []
    var seatCategoryId: Int = 0
    override class var apiToLocal: [String: String] { ["areas": "areas", "seatCategoryId": "seatCategoryId"] }
}

final class AreaModel: BaseModel {
    var areaId: Int = 0
    var blockIds: [Int] = []
    override class var apiToLocal: [String: String] { ["areaId": "areaId", "blockIds": "blockIds"] }
}

final class CatalogRecord: Codable {
    var areaNames: [String: String] = [:]
    var audienceSubCategoryNames: [String: String] = [:]
    var blockNames: [String: String] = [:]
    var events: [String: CatalogEventRecord] = [:]
    var performances: [PerformanceRecord] = []
    var seatCategoryNames: [String: String] = [:]
    var subTopicNames: [String: String] = [:]
    var subjectNames: [String: String] = [:]
    var topicNames: [String: String] = [:]
    var topicSubTopics: [String: [Int]] = [:]
    var venueNames: [String: String] = [:]
}

final class CatalogEventRecord: Codable {
    var eventDescription: String?
    var eventId: Int = 0
    var logo: String?
    var name: String = ""
    var subTopicIds: [Int] = []
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int] = []
    enum CodingKeys: String, CodingKey {
        case eventDescription = "description", eventId = "id", logo, name, subTopicIds, subjectCode, subtitle, topicIds
    }
}

final class PerformanceRecord: Codable {
    var eventId: Int = 0
    var performanceId: Int = 0
    var logo: String?
    var name: String?
    var prices: [PriceRecord] = []
    var seatCategories: [SeatCategoryRecord] = []
    var seatMapImage: String?
    var start: Int = 0
    var venueCode: String = ""
    enum CodingKeys: String, CodingKey {
        case eventId, performanceId = "id", logo, name, prices, seatCategories, seatMapImage, start, venueCode
    }
}

final class PriceRecord: Codable {
    var amount: Int = 0
    var audienceSubCategoryId: Int = 0
    var seatCategoryId: Int = 0
}

final class SeatCategoryRecord: Codable {
    var areas: [AreaRecord] = []
    var seatCategoryId: Int = 0
}

final class AreaRecord: Codable {
    var areaId: Int = 0
    var blockIds: [Int] = []
}
