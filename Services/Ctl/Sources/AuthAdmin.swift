import ArgumentParser
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService

/// Operator calls to auth's internal service with the stack's service credential.
enum InternalCall {
  static func withAuth<T: Sendable>(
    _ stack: StackOptions,
    _ body: @Sendable (Gym_Auth_V1_AuthInternal.Client<HTTP2ClientTransport.Posix>, GRPCClient<HTTP2ClientTransport.Posix>) async throws -> T
  ) async throws -> T {
    let credential = try ServiceCredential.load(path: stack.layout.credentialFile)
    let address = ManagedService.auth.address(in: stack.layout)
    let transport = try HTTP2ClientTransport.Posix(
      target: .dns(host: address.host, port: address.port), transportSecurity: .plaintext)
    return try await withGRPCClient(transport: transport, interceptors: [credential.clientInterceptor]) { client in
      try await body(Gym_Auth_V1_AuthInternal.Client(wrapping: client), client)
    }
  }
}

/// `gymctl mail`: the development mail sink (password reset codes and the like).
struct Mail: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Print the mail outbox of a local stack, newest first.")

  @OptionGroup var stack: StackOptions

  @Option(help: "Only mail to this address.")
  var to: String?

  @Option(help: "How many messages.")
  var limit = 10

  func run() async throws {
    let response = try await InternalCall.withAuth(stack) { auth, _ in
      try await auth.listMailOutbox(.with {
        $0.to = to ?? ""
        $0.pageSize = Int32(limit)
      })
    }
    if response.messages.isEmpty { print("(no mail)") }
    for message in response.messages {
      print("--- \(message.createdAt.date.formatted(Date.ISO8601FormatStyle())) to \(message.to)")
      print("Subject: \(message.subject)\n")
      print(message.body)
    }
  }
}

/// `gymctl outbox`: cross-service deliveries still waiting, per service.
struct OutboxCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "outbox", abstract: "Show pending cross-service deliveries.")

  @OptionGroup var stack: StackOptions

  func run() async throws {
    let info = try await InternalCall.withAuth(stack) { _, client in
      try await Gym_Ops_V1_Ops.Client(wrapping: client).getInfo(.init())
    }
    print("\(info.service): \(info.outbox.isEmpty ? "nothing pending" : "")")
    for entry in info.outbox {
      print("  → \(entry.destination): \(entry.pending) pending since \(entry.oldestCreatedAt.date.formatted(Date.ISO8601FormatStyle())), \(entry.maxAttempts) attempts; last error: \(entry.lastError)")
    }
  }
}

/// `gymctl users create-admin`: the first administrator, with a password read from
/// standard input (never a flag, so it stays out of shell history).
struct Users: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Manage accounts.", subcommands: [CreateAdmin.self])

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
      do {
        let user = try await InternalCall.withAuth(stack) { auth, _ in
          try await auth.createAdmin(.with {
            $0.email = email
            $0.username = username
            $0.password = password
            $0.displayName = displayName
          }).user
        }
        print("created administrator \(user.username) (\(user.id))")
      } catch let error as RPCError {
        print("gymctl: \(error.message)")
        for violation in error.fieldViolations { print("  \(violation.field): \(violation.description)") }
        throw ExitCode.failure
      }
    }
  }
}

/// `gymctl credential init`: a service credential file for containers or a new stack.
struct Credential: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Manage the service credential.", subcommands: [Init.self])

  struct Init: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write a new service credential file (mode 600) unless one exists.")

    @Option(help: "Where to write it.")
    var path = "./.gym-data/service-credential"

    func run() async throws {
      let existed = FileManager.default.fileExists(atPath: path)
      _ = try ServiceCredential.loadOrCreate(path: path)
      print(existed ? "\(path) already holds a credential; left as it is" : "wrote a new service credential to \(path)")
    }
  }
}
