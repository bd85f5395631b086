/**
 * The Package.swift of a consumer: an executable target `Consumer` with one package dependency and one product of it,
 * each given as the line a README shows (`.package(path: "...")`, `.product(name: "...", package: "...")`).
 */
export function consumerManifest(dependency: string, product: string): string {
  return [
    '// swift-tools-version:6.0',
    'import PackageDescription',
    '',
    'let package = Package(',
    '    name: "Consumer",',
    '    platforms: [.macOS(.v13)],',
    `    dependencies: [${dependency.replace(/,$/, '')}],`,
    `    targets: [.executableTarget(name: "Consumer", dependencies: [${product.replace(/,$/, '')}])]`,
    ')',
    '',
  ].join('\n');
}
