// swift-tools-version:6.2
// Linux only: the platform is built, tested and deployed on Linux (Debian bookworm, glibc).
// It does not compile on macOS, so the package names no Apple platform.
import PackageDescription

/// One settings list for every target: Swift 6 language mode, strict about existentials.
let swiftSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
]

/// Release executables keep their symbols to themselves: nothing loads them or looks their
/// symbols up, and exporting every one costs each executable 9 MB of dynamic symbol table
/// that stripping cannot remove (deploy/stage-dist.sh keeps the full symbols apart).
let executableLinkerSettings: [LinkerSetting] = [
  .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux], configuration: .release))
]

let products: [Product] = [
  // The generated protobuf messages and gRPC clients, for Swift clients of the platform.
  .library(name: "GymAPI", targets: ["GymAPI"]),
  .executable(name: "gym-auth", targets: ["gym-auth"]),
  .executable(name: "gym-gateway", targets: ["gym-gateway"]),
  .executable(name: "gym-catalog", targets: ["gym-catalog"]),
  .executable(name: "gym-places", targets: ["gym-places"]),
  .executable(name: "gym-plan", targets: ["gym-plan"]),
  .executable(name: "gym-messaging", targets: ["gym-messaging"]),
  .executable(name: "gymctl", targets: ["gymctl"]),
  .executable(name: "gym-bench", targets: ["gym-bench"]),
]

let dependencies: [Package.Dependency] = [
  .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.3"),
  .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", from: "2.9.2"),
  .package(url: "https://github.com/grpc/grpc-swift-protobuf.git", from: "2.4.1"),
  .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
  .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
  .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
  .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
  .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
  .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
  .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
  .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
  .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
  .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
  .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
  .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
  .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
  .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
  .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
  .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
  // Tracing: the API every layer uses, and the OTLP/gRPC exporter (its HTTP one is not
  // built: the trait leaves async-http-client out).
  .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
  .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPGRPC"]),
  // Tests only: DeploymentTests read the compose and Kubernetes files.
  .package(url: "https://github.com/jpsim/Yams.git", from: "5.0.1"),
]

let grpc: [Target.Dependency] = [
  .product(name: "GRPCCore", package: "grpc-swift-2"),
  .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
  .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
]

let targets: [Target] = [
  // Generated protobuf and gRPC code only (scripts/generate-protos.sh); never edited by hand.
  .target(
    name: "GymAPI",
    dependencies: [
      .product(name: "GRPCCore", package: "grpc-swift-2"),
      .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
      .product(name: "SwiftProtobuf", package: "swift-protobuf"),
    ],
    path: "Shared/GymAPI",
    swiftSettings: swiftSettings
  ),
  // The build's version (git describe), written at build time by the GitVersion plugin.
  .target(
    name: "GymVersion",
    path: "Shared/GymVersion",
    swiftSettings: swiftSettings,
    plugins: ["GitVersion"]
  ),
  .plugin(name: "GitVersion", capability: .buildTool(), path: "Plugins/GitVersion"),
  // Opening SQLite the one right way (WAL, synchronous=FULL, busy timeout), backup runs
  // and the data directory's lock; no gRPC here.
  .target(
    name: "GymStore",
    dependencies: [
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      // SHA-256 of every file a backup run holds.
      .product(name: "Crypto", package: "swift-crypto"),
      // Spans of transactions and outbox deliveries, the trace context an outbox job keeps.
      .product(name: "Tracing", package: "swift-distributed-tracing"),
      .product(name: "Instrumentation", package: "swift-distributed-tracing"),
    ],
    path: "Shared/GymStore",
    swiftSettings: swiftSettings
  ),
  // The runtime every process shares: config, logging, lifecycle, health, metrics,
  // token verification, error mapping, gRPC server and client setup.
  .target(
    name: "GymService",
    dependencies: grpc + [
      "GymAPI", "GymStore", "GymVersion",
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "Metrics", package: "swift-metrics"),
      .product(name: "Prometheus", package: "swift-prometheus"),
      .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      .product(name: "JWTKit", package: "jwt-kit"),
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOPosix", package: "swift-nio"),
      .product(name: "NIOHTTP1", package: "swift-nio"),
      // TLS: certificates served and reloaded, a development CA.
      .product(name: "NIOSSL", package: "swift-nio-ssl"),
      .product(name: "NIOCertificateReloading", package: "swift-nio-extras"),
      .product(name: "X509", package: "swift-certificates"),
      .product(name: "SwiftASN1", package: "swift-asn1"),
      .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      .product(name: "Tracing", package: "swift-distributed-tracing"),
      .product(name: "Instrumentation", package: "swift-distributed-tracing"),
      .product(name: "OTel", package: "swift-otel"),
    ],
    path: "Shared/GymService",
    swiftSettings: swiftSettings
  ),
  // Fixtures and helpers for tests only.
  .target(
    name: "GymTesting",
    dependencies: grpc + [
      "GymAPI", "GymService", "GymStore",
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOPosix", package: "swift-nio"),
    ],
    path: "Shared/GymTesting",
    swiftSettings: swiftSettings
  ),
  // Push providers' protocols: APNs' provider API (HTTP/2, ES256 provider tokens) and
  // FCM's HTTP v1 API (OAuth 2 access tokens from an RS256 JWT grant).
  .target(
    name: "GymPush",
    dependencies: [
      "GymService",
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "CryptoExtras", package: "swift-crypto"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOPosix", package: "swift-nio"),
      .product(name: "NIOHTTP1", package: "swift-nio"),
      .product(name: "NIOHTTP2", package: "swift-nio-http2"),
      .product(name: "NIOSSL", package: "swift-nio-ssl"),
    ],
    path: "Shared/GymPush",
    swiftSettings: swiftSettings
  ),
  // Local stand-ins for the push providers that check what the real ones check.
  .target(
    name: "PushTesting",
    dependencies: [
      "GymPush", "GymService",
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "CryptoExtras", package: "swift-crypto"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOPosix", package: "swift-nio"),
      .product(name: "NIOHTTP1", package: "swift-nio"),
      .product(name: "NIOHTTP2", package: "swift-nio-http2"),
      .product(name: "NIOSSL", package: "swift-nio-ssl"),
    ],
    path: "Shared/PushTesting",
    swiftSettings: swiftSettings
  ),
  // Accounts, sessions and signing keys: the auth service as a library.
  .target(
    name: "GymAuth",
    dependencies: grpc + [
      "GymAPI", "GymService", "GymStore",
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "CryptoExtras", package: "swift-crypto"),
      .product(name: "JWTKit", package: "jwt-kit"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOPosix", package: "swift-nio"),
      // Mail: STARTTLS or TLS to the SMTP relay.
      .product(name: "NIOSSL", package: "swift-nio-ssl"),
      .product(name: "NIOTLS", package: "swift-nio"),
    ],
    path: "Services/Auth/Sources",
    resources: [.process("Password/common-passwords.txt")],
    swiftSettings: swiftSettings
  ),
  // The gym-auth executable: reads config, builds, runs.
  .executableTarget(
    name: "gym-auth",
    dependencies: ["GymAuth", "GymService"],
    path: "Services/Auth/Main",
    swiftSettings: swiftSettings,
    linkerSettings: executableLinkerSettings
  ),
  // Tests only: a real gym-auth in-process for other services' tests (`withRunningAuth`).
  .target(
    name: "AuthTesting",
    dependencies: grpc + [
      "GymAPI", "GymAuth", "GymService", "GymStore", "GymTesting",
      .product(name: "Logging", package: "swift-log"),
    ],
    path: "Shared/AuthTesting",
    swiftSettings: swiftSettings
  ),
  // The exercise library and the program marketplace: FTS5 search, votes, moderation.
  .target(
    name: "GymCatalog",
    dependencies: grpc + [
      "GymAPI", "GymService", "GymStore",
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "SwiftProtobuf", package: "swift-protobuf"),
    ],
    path: "Services/Catalog/Sources",
    resources: [.process("Seed/exercise-library.json")],
    swiftSettings: swiftSettings
  ),
  .executableTarget(
    name: "gym-catalog",
    dependencies: ["GymCatalog", "GymService"],
    path: "Services/Catalog/Main",
    swiftSettings: swiftSettings,
    linkerSettings: executableLinkerSettings
  ),
  // Training: routines, schedule, live sessions, history, statistics, calculators, goals.
  .target(
    name: "GymPlan",
    dependencies: grpc + [
      "GymAPI", "GymService", "GymStore",
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "SwiftProtobuf", package: "swift-protobuf"),
    ],
    path: "Services/Plan/Sources",
    swiftSettings: swiftSettings
  ),
  .executableTarget(
    name: "gym-plan",
    dependencies: ["GymPlan", "GymService"],
    path: "Services/Plan/Main",
    swiftSettings: swiftSettings,
    linkerSettings: executableLinkerSettings
  ),
  // Direct messages, rooms, the real-time event stream, the social graph, notifications.
  .target(
    name: "GymMessaging",
    dependencies: grpc + [
      "GymAPI", "GymService", "GymStore", "GymPush",
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "SwiftProtobuf", package: "swift-protobuf"),
      .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "NIOSSL", package: "swift-nio-ssl"),
    ],
    path: "Services/Messaging/Sources",
    swiftSettings: swiftSettings
  ),
  .executableTarget(
    name: "gym-messaging",
    dependencies: ["GymMessaging", "GymService"],
    path: "Services/Messaging/Main",
    swiftSettings: swiftSettings,
    linkerSettings: executableLinkerSettings
  ),
  // Gyms and trainers near a user: R*Tree search, opening hours, imports.
  .target(
    name: "GymPlaces",
    dependencies: grpc + [
      "GymAPI", "GymService", "GymStore",
      .product(name: "GRDB", package: "GRDB.swift"),
    ],
    path: "Services/Places/Sources",
    swiftSettings: swiftSettings
  ),
  .executableTarget(
    name: "gym-places",
    dependencies: ["GymPlaces", "GymService"],
    path: "Services/Places/Main",
    swiftSettings: swiftSettings,
    linkerSettings: executableLinkerSettings
  ),
  // The public door: verifies tokens and forwards raw frames to the owning backend.
  .target(
    name: "GymGateway",
    dependencies: grpc + [
      "GymAPI", "GymService", "GymStore",
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOPosix", package: "swift-nio"),
      .product(name: "NIOHTTP2", package: "swift-nio-http2"),
      .product(name: "NIOHPACK", package: "swift-nio-http2"),
      .product(name: "NIOHTTP1", package: "swift-nio"),
      .product(name: "NIOTLS", package: "swift-nio"),
      .product(name: "NIOSSL", package: "swift-nio-ssl"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      .product(name: "Tracing", package: "swift-distributed-tracing"),
      .product(name: "Instrumentation", package: "swift-distributed-tracing"),
    ],
    path: "Services/Gateway/Sources",
    // The trainers' dashboard (plain HTML, CSS and JavaScript modules, no build step),
    // compiled into the binary as PackageResources.
    resources: [.embedInCode("Dashboard")],
    swiftSettings: swiftSettings
  ),
  .executableTarget(
    name: "gym-gateway",
    dependencies: ["GymGateway", "GymService"],
    path: "Services/Gateway/Main",
    swiftSettings: swiftSettings,
    linkerSettings: executableLinkerSettings
  ),
  // Operator CLI logic (process supervision, health probes, every operator command), shared with system tests.
  .target(
    name: "GymCtl",
    dependencies: grpc + [
      "GymAPI", "GymService", "GymStore", "GymVersion",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
      .product(name: "SwiftProtobuf", package: "swift-protobuf"),
    ],
    path: "Services/Ctl/Sources",
    swiftSettings: swiftSettings
  ),
  .executableTarget(
    name: "gymctl",
    dependencies: ["GymCtl", .product(name: "ArgumentParser", package: "swift-argument-parser")],
    path: "Services/Ctl/Main",
    swiftSettings: swiftSettings,
    linkerSettings: executableLinkerSettings
  ),
  // Load client that prints throughput and latency figures; run on demand.
  .executableTarget(
    name: "gym-bench",
    dependencies: grpc + [
      "GymAPI", "GymService", "GymStore", "GymVersion", "GymPlaces", "GymCatalog", "GymPlan", "GymMessaging", "PushTesting",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
      .product(name: "Crypto", package: "swift-crypto"),
      .product(name: "Histogram", package: "hdrhistogram-swift"),
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "Logging", package: "swift-log"),
    ],
    path: "Benchmarks/GymBench",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "GymServiceTests",
    dependencies: grpc + [
      "GymService", "GymStore", "GymTesting", "GymAPI",
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "JWTKit", package: "jwt-kit"),
      .product(name: "Crypto", package: "swift-crypto"),
    ],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "GymPushTests",
    dependencies: [
      "GymPush", "PushTesting", "GymTesting",
      .product(name: "Crypto", package: "swift-crypto"),
    ],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "AuthTests",
    dependencies: grpc + [
      "GymAuth", "AuthTesting", "GymService", "GymStore", "GymTesting", "GymAPI",
      .product(name: "GRDB", package: "GRDB.swift"),
    ],
    // The SMTP relay the mail tests run (aiosmtpd, started by SMTPRelay.swift).
    exclude: ["smtp"],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "PlacesTests",
    dependencies: grpc + [
      "GymPlaces", "GymAuth", "AuthTesting", "GymService", "GymStore", "GymTesting", "GymAPI",
      .product(name: "GRDB", package: "GRDB.swift"),
    ],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "PlanTests",
    dependencies: grpc + [
      "GymPlan", "GymCatalog", "GymMessaging", "GymPlaces", "GymAuth", "AuthTesting", "GymService", "GymStore", "GymTesting",
      "GymAPI", .product(name: "GRDB", package: "GRDB.swift"),
    ],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "MessagingTests",
    dependencies: grpc + [
      "GymMessaging", "GymCatalog", "GymGateway", "GymPlaces", "GymAuth", "AuthTesting", "GymService", "GymStore", "GymTesting",
      "GymAPI", "GymPush", "PushTesting",
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "Crypto", package: "swift-crypto"),
    ],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "CatalogTests",
    dependencies: grpc + [
      "GymCatalog", "GymAuth", "AuthTesting", "GymService", "GymStore", "GymTesting", "GymAPI",
      .product(name: "GRDB", package: "GRDB.swift"),
    ],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "GatewayTests",
    dependencies: grpc + [
      "GymGateway", "GymAuth", "GymMessaging", "AuthTesting", "GymService", "GymStore", "GymTesting", "GymAPI",
      .product(name: "SwiftProtobuf", package: "swift-protobuf"),
    ],
    // The grpcurl the reflection test runs (from PyPI, started by Grpcurl.swift).
    exclude: ["grpcurl"],
    swiftSettings: swiftSettings
  ),
  // The deployment files (compose, Kubernetes) and every app's address keys agree with
  // the platform's manifest.
  .testTarget(
    name: "DeploymentTests",
    dependencies: [
      "GymAPI", "GymService", "GymStore", "GymAuth", "GymCatalog", "GymPlan", "GymMessaging", "GymPlaces", "GymGateway",
      .product(name: "GRPCCore", package: "grpc-swift-2"),
      .product(name: "Yams", package: "Yams"),
    ],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "SystemTests",
    dependencies: grpc + [
      "GymCtl", "GymService", "GymStore", "GymTesting", "GymAPI", "GymVersion", "PushTesting",
      .product(name: "SwiftProtobuf", package: "swift-protobuf"),
      .product(name: "Crypto", package: "swift-crypto"),
    ],
    // The schemathesis run against the gateway's OpenAPI document (from PyPI, pinned)
    // and the dashboard's flow in Chromium (Selenium from PyPI, pinned).
    exclude: ["schemathesis", "dashboard", "otlp"],
    swiftSettings: swiftSettings
  ),
]

let package = Package(
  name: "gym",
  products: products,
  dependencies: dependencies,
  targets: targets
)
