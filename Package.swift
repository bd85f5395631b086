// swift-tools-version:6.0
// The ElementModel Swift package, for SwiftPM consumers that add this repository by its git URL:
//
//     .package(url: "<this repository's URL>", from: "<version>")
//
// where <version> is an SDK version, which each release tags (publishing.json's sdkVersion; docs/publishing.md).
//
// Its targets are the generated package's (generated/swift, which also builds alone with its own Package.swift).
// test/bindings/swift/swift-root-manifest.test.ts checks that this manifest names the same products, targets, dependencies and
// resources as generated/swift/Package.swift, so the two cannot drift apart.
import PackageDescription

let package = Package(
    name: "ElementModel",
    platforms: [.macOS(.v12), .iOS(.v15)],
    products: [
        .library(name: "ElementModel", targets: ["ElementModel"]),
        .executable(name: "element-model-validate", targets: ["ElementModelValidate"]),
    ],
    targets: [
        .target(name: "ElementModel", path: "generated/swift/Sources/ElementModel"),
        .executableTarget(name: "ElementModelValidate", dependencies: ["ElementModel"], path: "generated/swift/Sources/ElementModelValidate"),
        .testTarget(name: "ElementModelTests", dependencies: ["ElementModel"], path: "generated/swift/Tests/ElementModelTests", resources: [.copy("Conformance")]),
    ],
    swiftLanguageModes: [.v6]
)
