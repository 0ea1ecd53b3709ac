import ArgumentParser
import Foundation
import GymAPI

/// `gymctl mail`: the development mail sink (password reset codes and the like).
struct Mail: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Print the mail outbox of a stack, newest first.")

  @OptionGroup var stack: StackOptions

  @Option(help: "Only mail to this address.")
  var to: String?

  @Option(help: "How many messages.")
  var limit = 10

  func run() async throws {
    let response = try await OperatorCall.with(.auth, stack) { client in
      try await Gym_Auth_V1_AuthInternal.Client(wrapping: client).listMailOutbox(
        .with {
          $0.to = to ?? ""
          $0.pageSize = Int32(limit)
        })
    }
    if stack.json { return try Output.json(response.messages) }
    if response.messages.isEmpty { print("(no mail)") }
    for message in response.messages {
      print("--- \(Output.date(message.createdAt)) to \(message.to)")
      print("Subject: \(message.subject)\n")
      print(message.body)
    }
  }
}
