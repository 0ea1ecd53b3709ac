import ArgumentParser
import Foundation
import GymAPI

/// `gymctl programs queue|remove|restore`: the catalog's moderation queue.
struct Programs: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Moderate marketplace programs.", subcommands: [Queue.self, Remove.self, Restore.self])

  static func printProgram(_ action: String, _ program: Gym_Catalog_V1_Program) {
    print("\(action) \"\(program.name)\" (\(program.id)) by \(program.author.username): now \(program.state)")
  }

  struct Queue: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Programs hidden by votes or reports, waiting for a decision, oldest first.")

    @OptionGroup var stack: StackOptions
    @Option(help: "Page size (at most 100).") var limit = 50
    @Option(help: "Continue from a previous page.") var pageToken = ""

    func run() async throws {
      let response = try await OperatorCall.with(.catalog, stack) { client in
        try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).listModerationQueue(
          .with {
            $0.pageSize = Int32(limit)
            $0.pageToken = pageToken
          })
      }
      if stack.json { return try Output.json(response) }
      if response.entries.isEmpty { return print("the moderation queue is empty") }
      Output.table(
        ["PROGRAM", "NAME", "AUTHOR", "SCORE", "VOTES", "REPORTS", "QUEUED", "WHY"],
        response.entries.map { entry in
          [
            entry.program.id, entry.program.name, entry.program.author.username, String(format: "%.2f", entry.program.score),
            "+\(entry.program.upVotes)/-\(entry.program.downVotes)", "\(entry.openReports)", Output.date(entry.queuedAt),
            ([entry.program.moderationReason] + entry.reportReasons.prefix(3)).filter { !$0.isEmpty }.joined(separator: "; "),
          ]
        })
      if !response.nextPageToken.isEmpty { print("more: --page-token \(response.nextPageToken)") }
    }
  }

  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove a program; the author sees the reason.")

    @OptionGroup var stack: StackOptions
    @Argument(help: "Program id.") var id: String
    @Option(help: "Why (3-500 characters); shown to the author.") var reason: String

    func run() async throws {
      let program = try await OperatorCall.with(.catalog, stack) { client in
        try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).removeProgram(
          .with {
            $0.id = id; $0.reason = reason
          }
        ).program
      }
      if stack.json { return try Output.json(program) }
      Programs.printProgram("removed", program)
    }
  }

  struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Restore a hidden or removed program (votes no longer hide it).")

    @OptionGroup var stack: StackOptions
    @Argument(help: "Program id.") var id: String

    func run() async throws {
      let program = try await OperatorCall.with(.catalog, stack) { client in
        try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).restoreProgram(.with { $0.id = id }).program
      }
      if stack.json { return try Output.json(program) }
      Programs.printProgram("restored", program)
    }
  }
}
