import BaseModelKit
import Foundation
import Testing

// The examples of Docs/LossyAndReports.md, line for line (Scripts/Checks/examples.py checks it).
@Suite("Docs: Lossy collections and reports")
struct LossyAndReportsExamples {
    final class Item: BaseModel {
        var price = 0.0
        override class var apiToLocal: [String: String] { ["p": "price"] }
    }

    final class Basket: BaseModel {
        var items: [Item] = []
        override class var apiToLocal: [String: String] { ["i": "items"] }
        override class var lossyCollections: Set<String> { ["items"] }   // property names
    }

    @Test("a lossy collection leaves out the bad element, and the report says so")
    func lossy() throws {
        var options = DecodingOptions()
        options.collections = .lossy          // every array, set and dictionary in this call
        #expect(try Basket.decode(from: #"{"i":[{"p":1},{"p":"x"}]}"#, options: options).items.count == 1)

        var printed: [String] = []
        func print(_ entry: MappingReport.Entry) { printed.append("\(entry)") }
        let data = Data(#"{"i":[{"p":1},{"p":"x"}]}"#.utf8)
        let report = MappingReport()
        let basket = try Basket.decode(from: data, report: report)
        for entry in report.entries { print(entry) }
        #expect(basket.items.count == 1)
        #expect(printed == [#"Skipped the element at i[1]: Expected Double at i[1].p (Item.price) but found a string "x"."#])
    }
}
