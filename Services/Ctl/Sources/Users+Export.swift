import ArgumentParser
import Foundation
import GymAPI

extension Users {
  /// `gymctl users export USER --out DIR`: everything the platform holds about an
  /// account (auth's `AuthInternal.ExportUser`, every service's part), for a request for
  /// access made outside the app. Written to disk as it streams in.
  struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write everything the platform holds about an account to a new directory (export.jsonl and files/).")

    @OptionGroup var stack: StackOptions
    @Argument(help: "User id, username or email.") var user: String
    @Option(help: "A new (or empty) directory for export.jsonl and the attachments under files/.") var out: String

    func run() async throws {
      let (target, summary, directory) = try await Users.withAuth(stack) { _, client in
        let target = try await Users.resolve(user, client)
        try ExportDirectory.requireFresh(out)
        let summary = try await Gym_Auth_V1_AuthInternal.Client(wrapping: client).exportUser(.with { $0.userID = target.id }) { response in
          let directory = try ExportDirectory(path: out)
          for try await message in response.messages { try directory.write(message.part) }
          return try directory.finish()
        }
        return (target, summary, out)
      }
      if stack.json { return try Output.json(summary) }
      print(
        "exported \(target.username) (\(target.id)) to \(directory): \(summary.documents) documents, \(summary.files) files "
          + "from \(summary.services.joined(separator: ", "))")
    }
  }
}
