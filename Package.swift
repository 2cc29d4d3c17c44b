// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "BaseModelKit",
    products: [
        .library(name: "BaseModelKit", targets: ["BaseModelKit"]),
    ],
    targets: [
        .target(name: "BaseModelKit"),
        .executableTarget(name: "Demo", dependencies: ["BaseModelKit"], resources: [.copy("Resources")]),
        .executableTarget(name: "Benchmarks", dependencies: ["BaseModelKit", "HeapStatistics"]),
        .target(name: "HeapStatistics"),
        .testTarget(name: "BaseModelKitTests", dependencies: ["BaseModelKit"]),
    ],
    swiftLanguageModes: [.v6]
)
