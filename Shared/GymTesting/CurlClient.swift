import Foundation

/// curl, the HTTP client people reach for, against a server on loopback: the HTTP/JSON
/// tests call the gateway the way a developer or a browser would.
public enum CurlClient {
  /// One HTTP response: its status, headers (names in lowercase) and body.
  public struct Response: Sendable, CustomStringConvertible {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// What curl wrote out (`-w`): by default the HTTP version it spoke, "1.1" or "2".
    public var httpVersion = ""

    public func header(_ name: String) -> String? { headers.first { $0.name == name.lowercased() }?.value }
    public var text: String { String(decoding: body, as: UTF8.self) }
    public var description: String { "HTTP \(status) \(headers.map { "\($0.name): \($0.value)" }.joined(separator: "; "))\n\(text.prefix(2000))" }
  }

  public struct Failed: Error, CustomStringConvertible {
    public let arguments: [String]
    public let status: Int32
    public let output: String
    public var description: String { "curl \(arguments.joined(separator: " ")) exited with \(status): \(output)" }
  }

  /// `method` on `url` with `headers` and `body`. `http2`: HTTP/2 without TLS (prior
  /// knowledge, as the gateway speaks it on loopback); false: HTTP/1.1.
  public static func request(
    http2: Bool = true, _ method: String, _ url: String, headers: [String: String] = [:], body: String? = nil
  ) async throws -> Response {
    // HEAD as curl's --head: with -X HEAD curl would wait for the body the length announces.
    var arguments = (method == "HEAD" ? ["--head"] : ["-X", method]) + [http2 ? "--http2-prior-knowledge" : "--http1.1"]
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", "\(name): \(value)"] }
    return try await request(url, arguments: arguments, body: body.map { Data($0.utf8) })
  }

  /// `url` with curl's own `arguments` (version, method, headers, TLS options) and a
  /// body of any bytes.
  public static func request(_ url: String, arguments: [String], body: Data? = nil) async throws -> Response {
    let directory = try temporaryDirectory("curl")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (headerFile, bodyFile, requestFile) = (directory + "/headers", directory + "/body", directory + "/request")
    var all = ["-sS", "-D", headerFile, "-o", bodyFile, "--max-time", "30", "-w", "%{http_version}"] + arguments
    if let body {
      try body.write(to: URL(fileURLWithPath: requestFile))
      all += ["--data-binary", "@" + requestFile]
    }
    all.append(url)
    let (status, output) = try await run(all)
    guard status == 0 else { throw Failed(arguments: all, status: status, output: output) }
    let head = (try? String(contentsOfFile: headerFile, encoding: .utf8)) ?? ""
    // The last response's head (an HTTP/1.1 "100 Continue" comes before it).
    let block = head.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }.last ?? ""
    var lines = block.components(separatedBy: "\r\n")
    let statusLine = lines.isEmpty ? "" : lines.removeFirst()
    let code = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    let parsed = lines.compactMap { line -> (name: String, value: String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    let data = FileManager.default.contents(atPath: bodyFile) ?? Data()
    return Response(status: code, headers: parsed, body: data, httpVersion: output)
  }

  /// A response that keeps coming (a stream): curl writes it to a file as it arrives
  /// until `stop()`.
  public final class Stream: Sendable {
    private let process: ChildProcess
    private let directory: String

    fileprivate init(process: ChildProcess, directory: String) {
      self.process = process
      self.directory = directory
    }

    /// The response's head as far as it arrived: curl writes it at once, before any body.
    public var head: String { (try? String(contentsOfFile: directory + "/headers", encoding: .utf8)) ?? "" }
    /// The body so far.
    public var bytes: Data { FileManager.default.contents(atPath: directory + "/out") ?? Data() }
    /// The head, then the body, so far.
    public var received: String { head + String(decoding: bytes, as: UTF8.self) }

    /// Waits until `condition` holds on what arrived, for at most `seconds`.
    public func wait(seconds: Double, until condition: (Data) -> Bool) async throws -> Bool {
      let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
      while ContinuousClock.now < end {
        if condition(bytes) { return true }
        try await Task.sleep(for: .milliseconds(20))
      }
      return condition(bytes)
    }

    /// Ends the request and waits for curl to exit.
    public func stop() async {
      await process.kill()
      try? FileManager.default.removeItem(atPath: directory)
    }
  }

  /// Starts `GET url` and returns at once; the response, headers and body, is read from
  /// `Stream.received`.
  public static func stream(_ url: String, headers: [String: String] = [:], http2: Bool = true) throws -> Stream {
    var arguments = [http2 ? "--http2-prior-knowledge" : "--http1.1"]
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", "\(name): \(value)"] }
    return try stream(url, arguments: arguments)
  }

  /// Starts a request with curl's own `arguments` and a body (then a POST), and returns
  /// at once; the response body is read from `Stream.bytes` as it arrives.
  public static func stream(_ url: String, arguments: [String], body: Data? = nil) throws -> Stream {
    let directory = try temporaryDirectory("curl-stream")
    // -N: each piece is written to the file as it arrives. The head goes to a file of its
    // own (-D), which curl writes as soon as it has it; with -i it would wait for the body.
    var all = ["-sS", "-N", "-D", directory + "/headers", "-o", directory + "/out"] + arguments
    if let body {
      try body.write(to: URL(fileURLWithPath: directory + "/request"))
      all += ["--data-binary", "@" + directory + "/request"]
    }
    all.append(url)
    return Stream(process: try ChildProcess("/usr/bin/curl", all), directory: directory)
  }

  private static func run(_ arguments: [String]) async throws -> (Int32, String) {
    let directory = try temporaryDirectory("curl-run")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/output"
    let status = try await ChildProcess("/usr/bin/curl", arguments, outputPath: output).status()
    return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
  }
}
