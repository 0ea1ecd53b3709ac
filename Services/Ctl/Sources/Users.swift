import ArgumentParser
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import SwiftProtobuf

/// `gymctl users …`: accounts, bans, roles, trainer-role requests and inactive-account
/// purges, through auth's admin RPCs (the service credential acts as an admin).
struct Users: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Manage accounts.",
    subcommands: [
      List.self, Show.self, Ban.self, Unban.self, Role.self, ApproveTrainer.self, PurgeInactive.self, CreateAdmin.self, Export.self,
    ])

  typealias AuthClient = Gym_Auth_V1_AuthService.Client<HTTP2ClientTransport.Posix>

  static func withAuth<T: Sendable>(_ stack: StackOptions, _ body: @Sendable (AuthClient, GRPCClient<HTTP2ClientTransport.Posix>) async throws -> T)
    async throws -> T
  {
    try await OperatorCall.with(.auth, stack) { client in try await body(AuthClient(wrapping: client), client) }
  }

  /// The account named by an id, a username or an email.
  static func resolve(_ name: String, _ client: GRPCClient<HTTP2ClientTransport.Posix>) async throws -> Gym_Auth_V1_User {
    let found = try await Gym_Auth_V1_AuthInternal.Client(wrapping: client).lookupUsers(
      .with {
        if name.contains("@") { $0.emails = [name] } else { $0.ids = [name]; $0.usernames = [name] }
      }
    ).users
    guard let user = found.first else { throw OperatorFailure("no account '\(name)': give a user id, username or email") }
    return user
  }

  static func printUsers(_ users: [Gym_Auth_V1_User]) {
    Output.table(
      ["ID", "USERNAME", "EMAIL", "ROLES", "VERIFIED", "BANNED", "LAST ACTIVE"],
      users.map { user in
        [
          user.id, user.username, user.email, user.roles.map(roleName).joined(separator: ","), user.emailVerified ? "yes" : "no",
          user.hasBan ? banText(user.ban) : "-",
          Output.date(user.lastActiveAt),
        ]
      })
  }

  static func banText(_ ban: Gym_Auth_V1_Ban) -> String {
    "\(ban.reason) (until \(ban.hasUntil ? Output.date(ban.until) : "lifted"))"
  }

  static func roleName(_ role: Gym_Common_V1_Role) -> String {
    switch role {
    case .member: "member"
    case .trainer: "trainer"
    case .admin: "admin"
    default: "\(role)"
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List accounts.")

    @OptionGroup var stack: StackOptions
    @Option(help: "Search usernames, names and emails.") var query = ""
    @Option(help: "Only this role: member, trainer or admin.") var role: String?
    @Flag(help: "Only banned accounts.") var banned = false
    @Option(help: "Only accounts unused for this many months, oldest first.") var inactiveMonths = 0
    @Option(help: "Page size (at most 100).") var limit = 50
    @Option(help: "Continue from a previous page.") var pageToken = ""

    func run() async throws {
      let role = try role.map(Users.parseRole) ?? .unspecified
      let response = try await Users.withAuth(stack) { auth, _ in
        try await auth.listUsers(
          .with {
            $0.query = query
            $0.role = role
            $0.bannedOnly = banned
            $0.inactiveMonths = Int32(inactiveMonths)
            $0.pageSize = Int32(limit)
            $0.pageToken = pageToken
          })
      }
      if stack.json { return try Output.json(response) }
      Users.printUsers(response.users)
      if !response.nextPageToken.isEmpty { print("more: --page-token \(response.nextPageToken)") }
    }
  }

  static func parseRole(_ text: String) throws -> Gym_Common_V1_Role {
    switch text.lowercased() {
    case "member": .member
    case "trainer": .trainer
    case "admin": .admin
    default: throw ValidationError("role must be member, trainer or admin, not '\(text)'")
    }
  }

  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show one account.")

    @OptionGroup var stack: StackOptions
    @Argument(help: "User id, username or email.") var user: String

    func run() async throws {
      let found = try await Users.withAuth(stack) { _, client in try await Users.resolve(user, client) }
      if stack.json { return try Output.json(found) }
      Output.table(
        ["FIELD", "VALUE"],
        [
          ["id", found.id], ["username", found.username], ["email", found.email],
          ["display name", found.profile.displayName], ["roles", found.roles.map(Users.roleName).joined(separator: ",")],
          ["email verified", found.emailVerified ? "yes" : "no"], ["created", Output.date(found.createdAt)],
          ["last active", Output.date(found.lastActiveAt)],
          ["banned", found.hasBan ? Users.banText(found.ban) : "no"],
          ["trainer request", found.hasTrainerRoleRequest ? "\(found.trainerRoleRequest.state) (\(found.trainerRoleRequest.id))" : "-"],
        ])
    }
  }

  struct Ban: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Ban an account and end its sessions.")

    @OptionGroup var stack: StackOptions
    @Argument(help: "User id, username or email.") var user: String
    @Option(help: "Why; the user is told.") var reason: String
    @Option(help: "Days the ban lasts (default: until lifted).") var days: Int?

    func run() async throws {
      if let days, days < 1 { throw ValidationError("--days must be at least 1; leave it out for a ban until lifted") }
      let banned = try await Users.withAuth(stack) { auth, client in
        let target = try await Users.resolve(user, client)
        return try await auth.banUser(
          .with {
            $0.userID = target.id
            $0.reason = reason
            if let days { $0.until = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(Double(days) * 86_400)) }
          }
        ).user
      }
      if stack.json { return try Output.json(banned) }
      print("banned \(banned.username) (\(banned.id)): \(Users.banText(banned.ban))")
    }
  }

  struct Unban: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Lift an account's ban.")

    @OptionGroup var stack: StackOptions
    @Argument(help: "User id, username or email.") var user: String

    func run() async throws {
      let unbanned = try await Users.withAuth(stack) { auth, client in
        let target = try await Users.resolve(user, client)
        return try await auth.unbanUser(.with { $0.userID = target.id }).user
      }
      if stack.json { return try Output.json(unbanned) }
      print("unbanned \(unbanned.username) (\(unbanned.id))")
    }
  }

  struct Role: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Set an account's role.")

    @OptionGroup var stack: StackOptions
    @Argument(help: "User id, username or email.") var user: String
    @Argument(help: "member, trainer or admin.") var role: String

    func run() async throws {
      let role = try Users.parseRole(role)
      let changed = try await Users.withAuth(stack) { auth, client in
        let target = try await Users.resolve(user, client)
        return try await auth.setUserRole(
          .with {
            $0.userID = target.id; $0.role = role
          }
        ).user
      }
      if stack.json { return try Output.json(changed) }
      print("\(changed.username) (\(changed.id)) is now \(changed.roles.map(Users.roleName).joined(separator: ","))")
    }
  }

  struct ApproveTrainer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "approve-trainer",
      abstract: "List pending trainer-role requests, or approve (or --decline) one.")

    @OptionGroup var stack: StackOptions
    @Argument(help: "Request id, or the requester's id, username or email; none lists the pending requests.") var request: String?
    @Flag(help: "Decline instead of approve.") var decline = false
    @Option(help: "A note mailed to the member (the reason when declining).") var note = ""

    func run() async throws {
      guard let request else { return try await list() }
      let decided = try await Users.withAuth(stack) { auth, client in
        let pending = try await Self.pending(auth)
        var match = pending.first { $0.id == request || $0.userID == request || $0.username == request }
        if match == nil, request.contains("@") {
          let user = try await Users.resolve(request, client)
          match = pending.first { $0.userID == user.id }
        }
        guard let match else {
          throw OperatorFailure("no pending trainer-role request for '\(request)'; `gymctl users approve-trainer` lists them")
        }
        return try await auth.decideTrainerRole(
          .with {
            $0.requestID = match.id
            $0.approve = !decline
            $0.note = note
          }
        ).request
      }
      if stack.json { return try Output.json(decided) }
      print("\(decline ? "declined" : "approved") the trainer-role request of \(decided.username) (\(decided.id))")
    }

    private func list() async throws {
      let pending = try await Users.withAuth(stack) { auth, _ in try await Self.pending(auth) }
      if stack.json { return try Output.json(pending) }
      if pending.isEmpty { return print("no pending trainer-role requests") }
      Output.table(["REQUEST", "USER", "USERNAME", "ASKED", "NOTE"], pending.map { [$0.id, $0.userID, $0.username, Output.date($0.createdAt), $0.note] })
    }

    /// Every pending request, oldest first.
    static func pending(_ auth: AuthClient) async throws -> [Gym_Auth_V1_TrainerRoleRequest] {
      var requests: [Gym_Auth_V1_TrainerRoleRequest] = []
      var token = ""
      repeat {
        let page = try await auth.listTrainerRoleRequests(
          .with {
            $0.state = .pending; $0.pageSize = 100; $0.pageToken = token
          })
        requests += page.requests
        token = page.nextPageToken
      } while !token.isEmpty
      return requests
    }
  }

  /// Two steps, so nobody removes accounts by a typo: `--dry-run` counts and prints a
  /// token; the purge itself quotes it (`--confirm`) within the hour, with the same
  /// parameters, and removes no more accounts than the dry run counted.
  struct PurgeInactive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "purge-inactive",
      abstract: "Mail a notice to accounts unused for --months, and remove those still unused --notice-days after it.",
      discussion: "Run it with --dry-run first; it prints the --confirm token the purge itself needs (valid for an hour).")

    @OptionGroup var stack: StackOptions
    @Option(help: "Months without a sign-in or token refresh (at least 6).") var months: Int
    @Option(help: "Days between the notice and removal (at least 14).") var noticeDays = 30
    @Flag(help: "Only count what would happen, and print the token the purge needs.") var dryRun = false
    @Option(help: "The token a dry run with the same --months and --notice-days printed in the last hour.") var confirm: String?

    func validate() throws {
      if dryRun && confirm != nil { throw ValidationError("--dry-run and --confirm do not go together: count first, then purge") }
      if !dryRun && confirm == nil {
        throw ValidationError("run it with --dry-run first; it prints the --confirm token the purge itself needs")
      }
    }

    func run() async throws {
      let result = try await Users.withAuth(stack) { auth, _ in
        try await auth.purgeInactiveUsers(
          .with {
            $0.inactiveMonths = Int32(months)
            $0.noticeDays = Int32(noticeDays)
            $0.dryRun = dryRun
            $0.dryRunToken = confirm ?? ""
          })
      }
      if stack.json { return try Output.json(result) }
      print("\(dryRun ? "would notify" : "notified") \(result.notified), \(dryRun ? "would remove" : "removed") \(result.purged)")
      for id in result.purgedUserIds { print("  \(dryRun ? "would remove" : "removed") \(id)") }
      if dryRun {
        print("to go ahead before \(Output.date(result.dryRunTokenExpiresAt)):")
        print("  gymctl users purge-inactive --months \(months) --notice-days \(noticeDays) --confirm \(result.dryRunToken)")
      }
    }
  }

  /// The first administrator, with a password read from standard input (never a flag,
  /// so it stays out of shell history).
  struct CreateAdmin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "create-admin", abstract: "Create an administrator account; the password is read from stdin.")

    @OptionGroup var stack: StackOptions
    @Option var email: String
    @Option var username: String
    @Option var displayName = ""

    func run() async throws {
      let password = (readLine(strippingNewline: true) ?? "")
      guard !password.isEmpty else { throw ValidationError("type the password on standard input") }
      let user = try await OperatorCall.with(.auth, stack) { client in
        try await Gym_Auth_V1_AuthInternal.Client(wrapping: client).createAdmin(
          .with {
            $0.email = email
            $0.username = username
            $0.password = password
            $0.displayName = displayName
          }
        ).user
      }
      if stack.json { return try Output.json(user) }
      print("created administrator \(user.username) (\(user.id))")
    }
  }
}
