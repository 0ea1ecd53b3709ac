import Foundation
import GymStore
import GymTesting
import Testing

/// One process per service and data directory: the lock says who holds it.
@Suite struct DirectoryLockTests {
  @Test func aHeldLockRefusesAnotherHolderUntilReleased() throws {
    let directory = try temporaryDirectory() + "/data"
    let first = try DirectoryLock.acquire(service: "plan", in: directory)
    #expect(try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int == 0o700)
    let refused = #expect(throws: DirectoryLock.Failure.self) { _ = try DirectoryLock.acquire(service: "plan", in: directory) }
    #expect(refused?.kind == .held)
    #expect(refused?.description.contains("\(directory) is locked for plan by process \(getpid())") == true, "\(String(describing: refused))")
    // Another service beside it in the same directory has a lock of its own.
    let other = try DirectoryLock.acquire(service: "catalog", in: directory)
    first.release()
    let second = try DirectoryLock.acquire(service: "plan", in: directory)
    second.release()
    other.release()
  }
}
