import Crypto
import Foundation
import GymService
import GymStore

/// Proof that an administrator saw a dry run of `PurgeInactiveUsers` before the real
/// one: its parameters, the number of accounts it would remove and when it ran, signed
/// with HMAC-SHA256 under a key derived from the service credential. Nothing is stored,
/// so it survives a restart of auth. The parameters are bound, so a dry run of 12 months
/// confirms no purge of 6; the count is bound, so a purge that would now remove more
/// accounts than the operator was shown is refused.
struct PurgeConfirmation: Sendable {
  /// How long a dry run confirms a purge.
  static let lifetime: TimeInterval = 3600

  /// What a valid token vouches for.
  struct DryRun: Equatable {
    var inactiveMonths: Int
    var noticeDays: Int
    /// Accounts the dry run would have removed.
    var purged: Int
    var at: Date
  }

  private let key: SymmetricKey

  init(key: SymmetricKey) {
    self.key = key
  }

  /// Under a key of its own, good until the process ends (tests, and the default).
  static func random() -> PurgeConfirmation { PurgeConfirmation(key: SymmetricKey(size: .bits256)) }

  /// "v1.MONTHS.DAYS.PURGED.UNIX_SECONDS.MAC": readable, so an operator can see what it confirms.
  func token(for dryRun: DryRun) -> String {
    let body = "v1.\(dryRun.inactiveMonths).\(dryRun.noticeDays).\(dryRun.purged).\(Int64(dryRun.at.timeIntervalSince1970))"
    return body + "." + mac(body)
  }

  /// The dry run `token` vouches for, when it does for these parameters now; otherwise
  /// the refusal to send back.
  func check(_ token: String, inactiveMonths: Int, noticeDays: Int, now: Date) throws(GymError) -> DryRun {
    guard !token.isEmpty else {
      throw .failedPrecondition(
        "a purge removes accounts for good: run it with --dry-run first (dry_run: true) and pass the dry_run_token it returns")
    }
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 6, parts[0] == "v1", let months = Int(parts[1]), let days = Int(parts[2]), let purged = Int(parts[3]),
      let seconds = Int64(parts[4]),
      Self.constantTimeEqual(mac(parts[0...4].joined(separator: ".")), parts[5])
    else {
      throw .invalid([.init("dry_run_token", "is not a token a dry run returned: copy it whole from the dry run's answer")])
    }
    let dryRun = DryRun(inactiveMonths: months, noticeDays: days, purged: purged, at: Date(timeIntervalSince1970: TimeInterval(seconds)))
    guard months == inactiveMonths, days == noticeDays else {
      throw .failedPrecondition(
        "the dry run was for \(months) months and \(days) days of notice, not \(inactiveMonths) and \(noticeDays): "
          + "run it with --dry-run with these parameters first")
    }
    let age = now.timeIntervalSince(dryRun.at)
    guard age >= -60, age <= Self.lifetime else {
      throw .failedPrecondition("the dry run is more than an hour old: run it with --dry-run again, then purge with its new token")
    }
    return dryRun
  }

  private func mac(_ body: String) -> String {
    Data(HMAC<SHA256>.authenticationCode(for: Data(body.utf8), using: key)).base64URLEncodedString()
  }

  private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let a = Array(a.utf8), b = Array(b.utf8)
    guard a.count == b.count else { return false }
    return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
