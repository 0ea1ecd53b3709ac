import Foundation
import GRDB
import GRPCCore
import GymStore
import GymTesting
import Logging
import Synchronization
import Testing

@testable import GymService

/// A full disk is the server's condition, answered like one: the shared mapping every
/// service's errors fall through to, the probe that tells health, and a log that cannot
/// be written.
@Suite struct DiskFullTests {
  let method = MethodDescriptor(fullyQualifiedService: "gym.test.v1.Test", method: "Write")

  /// SQLite's own SQLITE_FULL, from a database that may not grow (as on a full disk).
  @Test func sqliteFullIsResourceExhaustedSayingTheDiskIsFull() async throws {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)") }
    let pool = try GymDatabase.openPool(at: try temporaryDirectory() + "/full.sqlite", migrator: migrator)
    let pages = try await pool.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
    try await pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = \(pages + 2)") }
    var failure: (any Error)?
    do {
      try await pool.write { db in
        for _ in 0..<20 { try db.execute(sql: "INSERT INTO t (body) VALUES (zeroblob(4096))") }
      }
    } catch {
      failure = error
    }
    let error = try #require(failure)
    #expect(StorageFault(error) == .full)
    let mapped = RequestInterceptor.map(error, method: method, logger: Logger(label: "t"))
    #expect(mapped.code == .resourceExhausted)
    #expect(mapped.message == "the server's disk is full; try again later")
    #expect(mapped.retryDelay == StorageFault.retryAfter)
    // Nothing of the refused transaction is kept, and reads go on.
    #expect(try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM t") } == 0)
    #expect(ClientReason.text(for: error, logger: Logger(label: "t")) == "the server's disk is full; try again later")
    // As the request interceptor receives it: grpc-swift wraps what a handler threw as
    // UNKNOWN with the error as its cause, and a client must never read UNKNOWN.
    let wrapped = RequestInterceptor.map(RPCError(code: .unknown, message: "", cause: error), method: method, logger: Logger(label: "t"))
    #expect(wrapped.code == .resourceExhausted && wrapped.message == mapped.message)
  }

  @Test func anUnknownErrorFromTheInterceptorChainIsInternalNeverUnknown() {
    struct Boom: Error {}
    let wrapped = RequestInterceptor.map(RPCError(code: .unknown, message: "", cause: Boom()), method: method, logger: Logger(label: "t"))
    #expect(wrapped.code == .internalError && wrapped.message.hasPrefix("internal error; request id"))
    let bare = RequestInterceptor.map(RPCError(code: .unknown, message: "?"), method: method, logger: Logger(label: "t"))
    #expect(bare.code == .internalError)
  }

  /// File writes (attachments, backups, keys) report ENOSPC in Foundation's and POSIX's words.
  @Test func noSpaceFromAFileWriteIsTheSameAnswerAndOtherDiskErrorsAreUnavailable() throws {
    let handle = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    var failure: (any Error)?
    do { try handle.write(contentsOf: Data(repeating: 1, count: 4096)) } catch { failure = error }
    let written = try #require(failure)
    #expect(StorageFault(written) == .full, "\(written)")
    #expect(StorageFault(POSIXError(.ENOSPC)) == .full)
    #expect(StorageFault(POSIXError(.EDQUOT)) == .full)
    #expect(StorageFault(CocoaError(.fileWriteOutOfSpace)) == .full)
    #expect(StorageFault(POSIXError(.EIO)) == .io)
    let io = RequestInterceptor.map(POSIXError(.EIO), method: method, logger: Logger(label: "t"))
    #expect(io.code == .unavailable && io.message.contains("disk"))
    // Anything else is still a bug, reported as INTERNAL.
    #expect(StorageFault(POSIXError(.EACCES)) == nil)
    #expect(RequestInterceptor.map(POSIXError(.EACCES), method: method, logger: Logger(label: "t")).code == .internalError)
  }

  /// The probe: a directory that takes no file is full, and health hears when it takes
  /// one again.
  @Test func theProbeReportsFullUntilAWriteSucceeds() throws {
    let parent = try temporaryDirectory()
    let directory = parent + "/data"
    let disk = DiskHealth(directory: directory, interval: .seconds(3600), logger: Logger(label: "t"))
    #expect(disk.check(), "a probe that cannot write reports the disk full")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    #expect(!disk.check(), "probed again while full, and writable now")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "the probe leaves nothing behind")
    // A request that failed on the disk has the next tick probe, whatever the interval.
    try FileManager.default.removeItem(atPath: directory)
    #expect(!disk.check(), "not due yet: the last probe succeeded within the interval")
    disk.note(.full)
    #expect(disk.check())
  }

  /// A log that cannot be written (here /dev/full, which refuses every write with ENOSPC)
  /// drops and counts lines; the process goes on.
  @Test func aLogOnAFullDiskDropsAndCountsLines() async throws {
    let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
    try #require(fd >= 0)
    let output = LogOutput(descriptor: fd)
    for index in 0..<3 { output.write("line \(index)\n") }
    let counted = try await eventually(within: .seconds(10)) { output.dropped == 3 }
    #expect(counted, "\(output.dropped) dropped")
  }

  /// A reader that never reads (a stalled pipe) never stops a logging call: past the
  /// queue's capacity lines are dropped.
  @Test func aLogNobodyReadsNeverBlocksTheCaller() async throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    // Closing the read end at the end turns the writer's blocked write into EPIPE (as
    // gym processes do, SIGPIPE ignored); the write end stays open, the output's own.
    signal(SIGPIPE, SIG_IGN)
    defer { close(ends[0]) }
    let output = LogOutput(descriptor: ends[1])
    let line = String(repeating: "x", count: 1023) + "\n"
    let done = Mutex(false)
    let writer = Thread {
      for _ in 0..<(4 * LogOutput.capacityBytes / 1024) { output.write(line) }
      done.withLock { $0 = true }
    }
    writer.start()
    let returned = try await eventually(within: .seconds(30)) { done.withLock { $0 } }
    #expect(returned, "4 MiB of log lines into a pipe nobody reads returned")
    #expect(output.dropped > 0)
  }
}
