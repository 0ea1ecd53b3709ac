import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A program run from a test with `posix_spawn`, not Foundation's `Process`: on Linux,
/// `Process.run()` of swift-corelibs-foundation 6.3 reads past a buffer while it lists
/// `/proc/self/fd` and now and then crashes the whole test process
/// (swiftlang/swift-corelibs-foundation#5472), the likelier the more a suite spawns. The
/// child gets an empty signal mask (a test runner's threads block SIGTERM, and children
/// would inherit that), /dev/null as standard input, and none of the test's other
/// descriptors (its servers' sockets among them).
public final class ChildProcess: Sendable {
  public let pid: pid_t
  private let exit = Exit()

  /// Starts `executable` with `arguments`; its standard output goes to `outputPath`
  /// (created or truncated), or nowhere when nil, and its standard error there too unless
  /// `errorPath` names a file of its own. Its standard input is `inputPath`, else empty.
  public init(
    _ executable: String, _ arguments: [String], outputPath: String? = nil, errorPath: String? = nil, inputPath: String? = nil
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputPath ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if let errorPath {
      posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child = pid_t()
    let result = argv.withUnsafeBufferPointer { arguments in
      posix_spawn(&child, executable, &actions, &attributes, arguments.baseAddress!, environ)
    }
    guard result == 0 else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: executable, "errno": result]) }
    let spawned = child
    pid = spawned
    // waitpid on a thread of its own: it blocks, and the cooperative pool must not.
    Thread { [exit] in
      var status: Int32 = 0
      while waitpid(spawned, &status, 0) == -1 && errno == EINTR {}
      // WIFEXITED: the exit status; else killed, reported as 128 + the signal, as shells do.
      exit.ended((status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
    }.start()
  }

  /// The exit status once the program has ended.
  public func status() async -> Int32 { await exit.status() }

  /// Ends it (SIGKILL) and waits until it has.
  public func kill() async {
    _ = Glibc.kill(pid, SIGKILL)
    _ = await status()
  }

  /// The exit status once known, and who waits for it meanwhile.
  private final class Exit: Sendable {
    private let state = Mutex<(status: Int32?, waiters: [CheckedContinuation<Int32, Never>])>((nil, []))

    func ended(_ status: Int32) {
      let waiters = state.withLock { state in
        state.status = status
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in waiters { waiter.resume(returning: status) }
    }

    func status() async -> Int32 {
      await withCheckedContinuation { continuation in
        let known = state.withLock { state in
          if state.status == nil { state.waiters.append(continuation) }
          return state.status
        }
        if let known { continuation.resume(returning: known) }
      }
    }
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's
  /// Glibc module does not export.
  private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
  }()
}
