import ArgumentParser
import Foundation
import GymAPI

/// `gymctl reports list|resolve`: members' reports of users, messages, posts and reviews, one
/// case per reported target (messaging's ListReportCases / ResolveReportCase).
struct Reports: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Review reports of users, direct and room messages, posts and place reviews.", subcommands: [List.self, Resolve.self])

  typealias Client = Gym_Messaging_V1_MessagingService.Client

  enum Kind: String, ExpressibleByArgument, CaseIterable {
    case user, message
    case roomMessage = "room-message"
    case post
    case placeReview = "place-review"

    var proto: Gym_Messaging_V1_ReportKind {
      switch self {
      case .user: .user
      case .message: .directMessage
      case .roomMessage: .roomMessage
      case .post: .post
      case .placeReview: .placeReview
      }
    }
  }

  static func kindName(_ kind: Gym_Messaging_V1_ReportKind) -> String {
    switch kind {
    case .user: "user"
    case .directMessage: "message"
    case .roomMessage: "room-message"
    case .post: "post"
    case .placeReview: "place-review"
    default: "\(kind)"
    }
  }

  static func categoryName(_ category: Gym_Messaging_V1_ReportCategory) -> String {
    switch category {
    case .spam: "spam"
    case .harassment: "harassment"
    case .hate: "hate"
    case .violence: "violence"
    case .selfHarm: "self-harm"
    case .nudity: "nudity"
    case .other: "other"
    default: "\(category)"
    }
  }

  /// The snapshot on one line, shortened for a table.
  static func excerpt(_ reportCase: Gym_Messaging_V1_ReportCase) -> String {
    var text = reportCase.contentText.split(whereSeparator: \.isNewline).joined(separator: " / ")
    if text.count > 60 { text = String(text.prefix(59)) + "…" }
    if !reportCase.contentAttachments.isEmpty { text += " [+\(reportCase.contentAttachments.count) attachments]" }
    return (reportCase.contentRemoved ? "(removed) " : "") + text
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open report cases, the oldest first, one per reported target.")

    @OptionGroup var stack: StackOptions
    @Option(help: "Only this kind: user, message (direct), room-message, post or place-review.") var kind: Kind?
    @Option(help: "Page size (at most 100).") var limit = 50
    @Option(help: "Continue from a previous page.") var pageToken = ""

    func run() async throws {
      let response = try await OperatorCall.with(.messaging, stack) { client in
        try await Client(wrapping: client).listReportCases(
          .with {
            $0.kind = kind?.proto ?? .unspecified
            $0.pageSize = Int32(limit)
            $0.pageToken = pageToken
          })
      }
      if stack.json { return try Output.json(response) }
      if response.cases.isEmpty { return print("no open reports\(kind.map { " of kind \($0.rawValue)" } ?? "")") }
      Output.table(
        ["CASE", "KIND", "ABOUT", "REPORTS", "CATEGORIES", "OPENED", "CONTENT"],
        response.cases.map { reportCase in
          [
            reportCase.id, Reports.kindName(reportCase.kind),
            reportCase.targetUser.username.isEmpty ? reportCase.targetUser.userID : reportCase.targetUser.username,
            "\(reportCase.reportCount)", reportCase.categories.map(Reports.categoryName).joined(separator: ","),
            Output.date(reportCase.openedAt), Reports.excerpt(reportCase),
          ]
        })
      if !response.nextPageToken.isEmpty { print("more: --page-token \(response.nextPageToken)") }
      if response.cases.contains(where: { $0.kind == .user }) {
        print("a user case is resolved with --remove once the account is banned: gymctl users ban USER --reason R")
      }
    }
  }

  struct Resolve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Close every open report on a case's target; each reporter is told it was reviewed.",
      discussion: """
        --remove deletes the message or post for everyone (its text also leaves every stored event); a user \
        case needs the account banned first (gymctl users ban). --dismiss leaves the content as it is.
        """)

    enum Action: String, EnumerableFlag {
      case remove, dismiss

      static func help(for value: Action) -> ArgumentHelp? {
        switch value {
        case .remove: "Remove the message or post (for a user: the account is banned)."
        case .dismiss: "Nothing breaks the rules."
        }
      }
    }

    @OptionGroup var stack: StackOptions
    @Argument(help: "Case id (from `gymctl reports list`).") var id: String
    @Flag var action: Action
    @Option(help: "Why (1-500 characters); kept, and the removal's reason.") var reason: String

    func run() async throws {
      let response = try await OperatorCall.with(.messaging, stack) { client in
        try await Client(wrapping: client).resolveReportCase(
          .with {
            $0.caseID = id
            $0.action = action == .remove ? .remove : .dismiss
            $0.reason = reason
          })
      }
      if stack.json { return try Output.json(response) }
      let resolved = response.reportCase
      let what = "\(Reports.kindName(resolved.kind)) \(resolved.targetID) of \(resolved.targetUser.username)"
      print(
        "\(action == .remove ? "removed" : "dismissed") \(what): \(resolved.reportCount) report\(resolved.reportCount == 1 ? "" : "s") "
          + "closed, \(response.reportersNotified) reporter\(response.reportersNotified == 1 ? "" : "s") notified")
    }
  }
}
