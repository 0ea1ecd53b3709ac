import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService

/// `authorization: Bearer <token>` metadata, as apps send it.
public func bearer(_ token: String) -> Metadata { ["authorization": "Bearer \(token)"] }

/// The `RPCError` thrown by `body`, or nil when it succeeded; any other error becomes
/// UNKNOWN so a test can see it (and fail, since UNKNOWN must never reach a client).
public func rpcError(_ body: () async throws -> Void) async -> RPCError? {
  do {
    try await body()
    return nil
  } catch let error as RPCError {
    return error
  } catch {
    return RPCError(code: .unknown, message: "not an RPCError: \(error)")
  }
}

/// A client to `address` that sends the service credential, as gym processes do.
public func withCredentialClient<T: Sendable>(
  to address: HostPort, _ credential: ServiceCredential,
  _ body: @Sendable (GRPCClient<HTTP2ClientTransport.Posix>) async throws -> T
) async throws -> T {
  let transport = try HTTP2ClientTransport.Posix(
    target: .ipv4(address: address.host, port: address.port), transportSecurity: .plaintext)
  return try await withGRPCClient(transport: transport, interceptors: [credential.clientInterceptor]) { try await body($0) }
}

/// Polls until `condition` holds (an outbox delivery, a stream event) or the time runs
/// out; returns whether it held. The default bound is for a loaded machine (the whole
/// package at once on 2 cores held a stream's first answer past 5 s): a condition that
/// holds ends the wait as soon as it does, so only a failing test waits it out.
public func eventually(within: Duration = .seconds(30), _ condition: () async throws -> Bool) async throws -> Bool {
  let deadline = ContinuousClock.now + within
  while ContinuousClock.now < deadline {
    if try await condition() { return true }
    try await Task.sleep(for: .milliseconds(50))
  }
  return try await condition()
}

/// The rows one service's export of `userID` holds in `table`, as its JSON text ("[]"
/// for none): what an account's owner would read in their copy.
public func exportedRows(
  _ lifecycle: Gym_Common_V1_UserLifecycleInternal.Client<HTTP2ClientTransport.Posix>, of userID: String, table: String
) async throws -> String {
  try await lifecycle.exportUser(.with { $0.userID = userID }) { response in
    var rows = ""
    for try await message in response.messages where message.part.document.table == table {
      rows += message.part.document.rowsJson
    }
    return rows
  }
}
