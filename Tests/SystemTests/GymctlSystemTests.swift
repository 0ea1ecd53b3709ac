import Foundation
import GRPCCore
import GymAPI
import GymCtl
import GymService
import GymTesting
import Testing

extension SystemTests {
  /// An operator's day on one running stack, every step through gymctl: the system
  /// status, trainer-role requests, a role change, a ban and its lifting, an inactive-
  /// account sweep, the moderation queue, the outbox, the mail sink; tables by default,
  /// JSON on request, and a failure as one line on stderr.
  @Test func gymctlRunsEveryOperatorTaskAgainstARunningStack() async throws {
    // One report hides a program, so the queue has something to decide.
    try await Self.withStack(environment: ["GYM_CATALOG_HIDE_AFTER_REPORTS": "1"]) { supervisor, gateway in
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      // The credential as a container would mount it: not in the data directory.
      let secret = try temporaryDirectory("gym-secret") + "/service-credential"
      try FileManager.default.copyItem(atPath: supervisor.layout.credentialFile, toPath: secret)
      let stack = ["--base-port", "\(supervisor.layout.basePort)", "--data-dir", "/nonexistent", "--credential-file", secret]
      @Sendable func ctl(_ arguments: String...) async throws -> String {
        let (status, output, errors) = try await Self.runSeparately(gymctl, arguments + stack)
        #expect(status == 0, "gymctl \(arguments.joined(separator: " ")): \(errors)")
        return output
      }
      @Sendable func json(_ arguments: String...) async throws -> [String: Any] {
        let output = try await Self.runSeparately(gymctl, arguments + stack + ["--json"]).1
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
      }

      // Status: every process, serving, with its version and database (a long timeout: a
      // loaded machine must not turn a slow answer into DOWN).
      let table = try await ctl("status", "--timeout", "10")
      for name in ["gateway", "auth", "catalog", "plan", "messaging", "places"] {
        #expect(table.split(separator: "\n").contains { $0.hasPrefix(name) && $0.contains("SERVING") }, "\(table)")
      }
      let status = try await json("status", "--timeout", "10")
      #expect(status["all_serving"] as? Bool == true)
      #expect((status["processes"] as? [[String: Any]])?.count == 6)

      // Two members ask for the trainer role at sign-up.
      let password = "violet staircase under a quiet harbour"
      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        for name in ["ana", "ben"] {
          _ = try await auth.register(
            .with {
              $0.email = "\(name)@example.com"; $0.username = name; $0.password = password
              $0.acceptTerms = true; $0.termsVersion = "1"; $0.wantsTrainerRole = true
            })
        }
        #expect(try await ctl("users", "list").contains("ana@example.com"))
        #expect(((try await json("users", "list", "--query", "ben"))["users"] as? [[String: Any]])?.map { $0["username"] as? String } == ["ben"])
        let pending = try await ctl("users", "approve-trainer")
        #expect(pending.contains("ana") && pending.contains("ben"), "\(pending)")
        #expect(try await ctl("users", "approve-trainer", "ana").contains("approved"))
        #expect(try await ctl("users", "approve-trainer", "ben@example.com", "--decline", "--note", "no certificate yet").contains("declined"))
        #expect(try await ctl("users", "approve-trainer").contains("no pending"))
        let ana = try await json("users", "show", "ana")
        #expect((ana["roles"] as? [String])?.contains("TRAINER") == true, "\(ana)")
        #expect(try await ctl("users", "role", "ben", "admin").contains("is now admin"))

        // A ban stops sign-in at once; lifting it lets the member back.
        #expect(try await ctl("users", "ban", "ana", "--reason", "spam in rooms", "--days", "7").contains("banned ana"))
        let banned = await rpcError {
          _ = try await auth.login(
            .with {
              $0.identifier = "ana"; $0.password = password
            })
        }
        #expect(banned?.code == .permissionDenied)
        #expect(try await ctl("users", "unban", "ana").contains("unbanned ana"))
        // The ban and its lifting reach catalog through auth's outbox; until both have,
        // ana's programs may still be hidden there.
        #expect(try await eventually(within: .seconds(20)) { try await ctl("outbox").contains("nothing pending") })
        let anaTokens = try await auth.login(
          .with {
            $0.identifier = "ana"; $0.password = password
          }
        ).tokens
        // A purge quotes the dry run it follows.
        let (unconfirmed, _, refusal) = try await Self.runSeparately(gymctl, ["users", "purge-inactive", "--months", "6"] + stack)
        #expect(unconfirmed != 0 && refusal.contains("run it with --dry-run first"), "\(refusal)")
        let dryRun = try await ctl("users", "purge-inactive", "--months", "6", "--notice-days", "30", "--dry-run")
        #expect(dryRun.contains("would notify 0"), "\(dryRun)")
        let confirm = try #require(dryRun.split(separator: "\n").last?.split(separator: " ").last.map(String.init), "\(dryRun)")
        #expect(try await ctl("users", "purge-inactive", "--months", "6", "--notice-days", "30", "--confirm", confirm).contains("removed 0"))

        // A program reported once is hidden and queued; the operator restores it, then removes it.
        let mail = try await Self.runSeparately(gymctl, ["mail", "--to", "ana@example.com", "--json"] + stack).1
        let messages = try #require(try JSONSerialization.jsonObject(with: Data(mail.utf8)) as? [[String: Any]])
        let body = messages.compactMap { $0["body"] as? String }.joined()
        let code = try #require(body.range(of: #"code: \d{6}"#, options: .regularExpression).map { String(body[$0].suffix(6)) })
        let verified = try await auth.verifyEmail(.with { $0.code = code }, metadata: ["authorization": "Bearer \(anaTokens.accessToken)"])
        let asAna: Metadata = ["authorization": "Bearer \(verified.accessToken)"]
        let catalog = Gym_Catalog_V1_CatalogService.Client(wrapping: client)
        let squat = try #require(try await catalog.listExercises(.with { $0.query = "squat" }, metadata: asAna).exercises.first)
        let program = try await catalog.createProgram(
          .with {
            $0.program = .with {
              $0.name = "Squat Every Day"; $0.goal = .strengthGoal; $0.difficulty = .beginner; $0.durationWeeks = 4; $0.sessionMinutes = 30
              $0.days = [
                .with {
                  $0.exercises = [
                    .with {
                      $0.exerciseID = squat.id; $0.sets = 5; $0.repsMin = 5
                    }
                  ]
                }
              ]
            }
          }, metadata: asAna
        ).program
        let ben = try await auth.login(
          .with {
            $0.identifier = "ben"; $0.password = password
          }
        ).tokens
        _ = try await catalog.reportProgram(
          .with {
            $0.programID = program.id; $0.reason = "copied from a book"
          }, metadata: ["authorization": "Bearer \(ben.accessToken)"])
        let queue = try await ctl("programs", "queue")
        #expect(queue.contains(program.id) && queue.contains("copied from a book"), "\(queue)")
        #expect(try await ctl("programs", "restore", program.id).contains("now visible"))
        #expect(try await ctl("programs", "queue").contains("empty"))
        #expect(try await json("programs", "remove", program.id, "--reason", "plagiarised")["state"] as? String == "REMOVED")
      }

      // Every service's outbox is shown, and a machine can read it too.
      let outbox = try await ctl("outbox")
      #expect(outbox.contains("nothing pending") || outbox.contains("SERVICE"), "\(outbox)")
      let outboxJSON = try await Self.runSeparately(gymctl, ["outbox", "--json"] + stack).1
      #expect((try JSONSerialization.jsonObject(with: Data(outboxJSON.utf8)) as? [Any])?.count == 6, "\(outboxJSON)")

      // Failures: one line on stderr, a non-zero exit, no Swift dump.
      let (unknownStatus, _, unknown) = try await Self.runSeparately(gymctl, ["users", "ban", "nobody", "--reason", "spam"] + stack)
      #expect(unknownStatus == 1 && unknown == "gymctl: no account 'nobody': give a user id, username or email\n", "\(unknown)")
      let (shortStatus, _, short) = try await Self.runSeparately(gymctl, ["programs", "remove", "x", "--reason", "no"] + stack)
      #expect(shortStatus == 1 && short.hasPrefix("gymctl: invalid request") && short.hasSuffix("(INVALID_ARGUMENT)\n"), "\(short)")
      let (downStatus, _, down) = try await Self.runSeparately(gymctl, ["status", "--base-port", "1", "--credential-file", secret])
      #expect(downStatus == 1 && down.hasPrefix("gymctl: cannot reach gateway at 127.0.0.1:1") && down.split(separator: "\n").count == 1, "\(down)")
    }
  }
}
