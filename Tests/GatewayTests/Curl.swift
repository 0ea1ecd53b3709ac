import Foundation
import GymTesting

/// The real curl, as a browser-less web client: HTTP/1.1 or HTTP/2, any method,
/// headers and body, the response read back whole or as it streams.
enum Curl {
  /// Started with `ChildProcess` (posix_spawn), not Foundation's `Process`: its `run()`
  /// reads past a buffer while listing /proc/self/fd and crashes the test process now and
  /// then (swiftlang/swift-corelibs-foundation#5472), one launch at a time or not (seen:
  /// GRPCWebTests, with the launches serialized and the environment explicit).
  struct Response {
    let status: Int
    /// Lower-cased names.
    let headers: [String: [String]]
    let body: [UInt8]
    /// "1.1" or "2".
    let httpVersion: String

    func header(_ name: String) -> String? { headers[name]?.first }
  }

  struct Failed: Error, CustomStringConvertible {
    let arguments: [String]
    let output: String
    var description: String { "curl \(arguments.joined(separator: " ")) failed: \(output)" }
  }

  /// One request; `arguments` choose the version (`--http1.1`, `--http2-prior-knowledge`),
  /// method (`-X`) and headers (`-H`).
  static func request(_ url: String, _ arguments: [String], body: [UInt8]? = nil) async throws -> Response {
    let directory = NSTemporaryDirectory() + "curl-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var all = ["-sS", "--max-time", "30", "-D", "\(directory)/headers", "-o", "\(directory)/body", "-w", "%{http_version}"] + arguments
    if let body {
      FileManager.default.createFile(atPath: "\(directory)/request", contents: Data(body))
      all += ["--data-binary", "@\(directory)/request"]
    }
    all.append(url)
    // Files, not pipes: Foundation's pipe reads trap on an interrupted system call.
    let printedPath = "\(directory)/printed"
    // Awaited, not waited for: a blocked thread would starve the in-process servers
    // that tests run beside the client.
    let exitStatus = try await ChildProcess("/usr/bin/curl", all, outputPath: printedPath).status()
    let printed = (try? String(contentsOfFile: printedPath, encoding: .utf8)) ?? ""
    guard exitStatus == 0 else { throw Failed(arguments: all, output: printed) }
    let raw = (try? String(contentsOfFile: "\(directory)/headers", encoding: .utf8)) ?? ""
    // The last block: an interim 100 Continue may come first.
    let block = raw.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }.last ?? ""
    var lines = block.components(separatedBy: "\r\n")
    let statusLine = lines.isEmpty ? "" : lines.removeFirst()
    let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    var headers: [String: [String]] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      headers[name, default: []].append(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    let body = (try? Data(contentsOf: URL(fileURLWithPath: "\(directory)/body"))).map { [UInt8]($0) } ?? []
    return Response(status: status, headers: headers, body: body, httpVersion: printed)
  }

  /// A request whose response body is read as it arrives, until `stop()`.
  final class Stream: Sendable {
    private let process: ChildProcess
    private let directory: String

    init(_ url: String, _ arguments: [String], body: [UInt8]) throws {
      directory = NSTemporaryDirectory() + "curl-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      FileManager.default.createFile(atPath: "\(directory)/request", contents: Data(body))
      // -N: each piece is written to the file as it arrives.
      process = try ChildProcess(
        "/usr/bin/curl", ["-sS", "-N", "-o", "\(directory)/body", "--data-binary", "@\(directory)/request"] + arguments + [url])
    }

    var bytes: [UInt8] { (try? Data(contentsOf: URL(fileURLWithPath: "\(directory)/body"))).map { [UInt8]($0) } ?? [] }

    /// Waits until `condition` holds on what arrived, for at most `seconds`.
    func wait(seconds: Double, until condition: ([UInt8]) -> Bool) async throws -> Bool {
      let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
      while ContinuousClock.now < end {
        if condition(bytes) { return true }
        try await Task.sleep(for: .milliseconds(20))
      }
      return condition(bytes)
    }

    /// Ends the request (curl is killed, its connection closed) and waits for curl to exit.
    func stop() async {
      await process.kill()
      try? FileManager.default.removeItem(atPath: directory)
    }
  }
}
