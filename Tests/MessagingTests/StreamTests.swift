import AuthTesting
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymMessaging
import GymService
import GymTesting
import Logging
import Testing

extension MessagingRPC {
  /// The real-time stream: replay then live, exactly once across reconnects, bounded
  /// buffers, presence, revocation.
  @Suite struct StreamTests {
    @Test func aReconnectInTheMiddleOfABurstMissesNothingAndRepeatsNothing() async throws {
      try await MessagingFixture.run { env in
        let (first, _) = try await OpenStream.live(env, env.ben)
        let burst = Task {
          for index in 0..<200 {
            _ = try await env.messaging.sendDirectMessage(
              .with {
                $0.userID = env.ben.id; $0.text = "\(index)"
              }, metadata: env.ana.metadata)
          }
        }
        // Drop off somewhere in the middle of the burst.
        _ = try await first.wait { $0.count >= 40 }
        await first.close()
        let seen = first.messages
        let cursor = try #require(seen.last, "the first stream saw none of the burst").id
        let second = OpenStream(env.messaging, env.ben.metadata, after: cursor)
        try await burst.value
        // A marker after the burst: once it is in, so is anything the stream would repeat.
        let marker = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "end"
          }, metadata: env.ana.metadata
        ).message
        let complete = try await second.wait { $0.contains { $0.message.id == marker.id } }
        #expect(complete)
        let texts = (seen + second.messages).map(\.message.text)
        #expect(texts == (0..<200).map { "\($0)" } + ["end"])
        let ids = (seen + second.messages).map(\.id)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        await second.close()
      }
    }

    @Test func aSubscriberThatNeverReadsIsToldToResumeAndStallsNobody() async throws {
      let hub = EventHub(limits: .init(bufferEvents: 10))
      let stuck = try hub.subscribe(Caller(userID: "u", sessionID: "s1", roles: []))
      let reader = try hub.subscribe(Caller(userID: "u", sessionID: "s2", roles: []))
      let events = (1...25).map { MessagingStore.StoredEvent(id: Int64($0), userID: "u", kind: 1, payload: Data(), createdAt: Date()) }
      // The reader says when it has taken each event; the next is published only then, so
      // the reader keeps up however slowly the machine runs (no sleep as pacing).
      let (taken, tookOne) = AsyncStream<Void>.makeStream()
      let readerTask = Task {
        var received: [Int64] = []
        for await item in reader.items {
          if case .event(let event) = item { received.append(event.id) }
          tookOne.yield()
          if received.count == 25 { break }
        }
        return received
      }
      var acknowledgements = taken.makeAsyncIterator()
      for event in events {
        hub.publish([event])
        _ = await acknowledgements.next()
      }
      #expect(await readerTask.value == Array(1...25))
      // The stuck one kept what fitted, then was ended; the handler then sends RESUME_REQUIRED.
      var kept = 0
      for await _ in stuck.items { kept += 1 }
      #expect(kept == 10)
      #expect(hub.unsubscribe(stuck.id).end == .overflow)
    }

    /// Issue 26: one user opened 300 streams and none was refused.
    @Test func theEleventhStreamOfOneUserIsRefusedUntilOneCloses() async throws {
      try await MessagingFixture.run { env in
        var open: [OpenStream] = []
        for _ in 0..<10 { open.append(try await OpenStream.live(env, env.ben).0) }
        let eleventh = OpenStream(env.messaging, env.ben.metadata)
        guard case .failure(let refused)? = try await eleventh.waitForEnd() else {
          Issue.record("an eleventh stream of one user was accepted")
          for stream in open + [eleventh] { await stream.close() }
          return
        }
        #expect(refused.code == .resourceExhausted)
        #expect(refused.message.contains("10 streams open"), "\(refused.message)")
        #expect(refused.message.contains("close one"), "\(refused.message)")
        // Another user's stream is not counted against ben's.
        let (cat, _) = try await OpenStream.live(env, env.cat)
        // Closing one admits a new one, once the server has seen it go.
        await open.removeFirst().close()
        let admitted = try await OpenStream.admitted(env, env.ben)
        #expect(admitted != nil, "no stream admitted after one of ten closed")
        for stream in open + [cat] + (admitted.map { [$0] } ?? []) { await stream.close() }
      }
    }

    @Test func aStreamsBufferIsBoundedInBytesAsWellAsEvents() async throws {
      let hub = EventHub(limits: .init(bufferEvents: 1000, bufferBytes: 10_000))
      func event(_ id: Int64, bytes: Int) -> MessagingStore.StoredEvent {
        .init(id: id, userID: "u", kind: 1, payload: Data(count: bytes), createdAt: Date())
      }
      // Five events of 4,000 bytes, unread: two fit in 10,000 bytes, the third ends the stream.
      let stuck = try hub.subscribe(Caller(userID: "u", sessionID: "s1", roles: []))
      hub.publish((1...5).map { event($0, bytes: 4000) })
      var kept = 0
      for await _ in stuck.items { kept += 1 }
      #expect(kept == 2)
      #expect(hub.unsubscribe(stuck.id).end == .overflow)
      // Reading gives the bytes back, and one event larger than the bound passes alone.
      let reader = try hub.subscribe(Caller(userID: "u", sessionID: "s2", roles: []))
      var items = reader.items.makeAsyncIterator()
      for sent in [event(6, bytes: 6000), event(7, bytes: 6000), event(8, bytes: 6000), event(9, bytes: 50_000)] {
        hub.publish([sent])
        #expect(await items.next() == .event(sent))
      }
      #expect(hub.unsubscribe(reader.id).end == nil)
    }

    @Test func oneUsersStreamsAreCappedAndAClosedOneFreesItsPlace() throws {
      let hub = EventHub(limits: .init(streamsPerUser: 2))
      let first = try hub.subscribe(Caller(userID: "u", sessionID: "s1", roles: []))
      _ = try hub.subscribe(Caller(userID: "u", sessionID: "s2", roles: []))
      #expect(throws: MessagingError.tooManyStreams(open: 2)) { try hub.subscribe(Caller(userID: "u", sessionID: "s3", roles: [])) }
      _ = try hub.subscribe(Caller(userID: "v", sessionID: "s4", roles: []))
      hub.unsubscribe(first.id)
      #expect(hub.openStreams(of: "u") == 1)
      _ = try hub.subscribe(Caller(userID: "u", sessionID: "s3", roles: []))
    }

    @Test func theStreamLimitsAreKeysWithDefaults() throws {
      let directory = try temporaryDirectory("gym-messaging-config")
      let credential = directory + "/credential"
      _ = try ServiceCredential.loadOrCreate(path: credential)
      func settings(_ environment: [String: String]) throws -> MessagingApp.Settings {
        try MessagingApp.Settings(
          config: Config(
            keys: MessagingApp.keys,
            environment: ["GYM_DATA_DIR": directory, "GYM_SERVICE_CREDENTIAL_FILE": credential, "GYM_AUTH_ADDR": "127.0.0.1:7001"]
              .merging(environment) { $1 },
            arguments: []))
      }
      let defaults = try settings([:])
      #expect(defaults.streamsPerUser == 10 && defaults.streamBufferBytes == 4 << 20 && defaults.streamBuffer == 1000)
      let configured = try settings(["GYM_MESSAGING_STREAMS_PER_USER": "3", "GYM_MESSAGING_STREAM_BUFFER_BYTES": "65536"])
      #expect(configured.streamsPerUser == 3 && configured.streamBufferBytes == 65536)
      #expect(throws: ConfigError.self) { try settings(["GYM_MESSAGING_STREAMS_PER_USER": "0"]) }
    }

    /// Issue 26: a buffer of 1,000 events is 4 MB of 4,000-character messages per stream.
    @Test func aSlowReaderOverTheByteBoundIsToldToResume() async throws {
      try await MessagingFixture.run(streamBufferBytes: 64 << 10) { env in
        // A client with the smallest HTTP/2 window, so the server's writes stall soon.
        let transport = try HTTP2ClientTransport.Posix(
          target: .ipv4(address: env.address.host, port: env.address.port), transportSecurity: .plaintext,
          config: .defaults { $0.http2.targetWindowSize = 65_535 })
        try await withGRPCClient(transport: transport) { client in
          let slow = HeldStream(Messaging(wrapping: client), env.ben.metadata)
          // Joined once its first event (a ping) arrives; it then reads nothing.
          let end = ContinuousClock.now + .seconds(5)
          var ping = 0
          while slow.received.isEmpty, ContinuousClock.now < end {
            ping += 1
            _ = try await env.messagingInternal.notify(
              .with {
                $0.userID = env.ben.id; $0.kind = "test-ping"; $0.title = "ping \(ping)"; $0.idempotencyKey = "held-ping-\(ping)"
              })
            try await Task.sleep(for: .milliseconds(20))
          }
          #expect(!slow.received.isEmpty, "the held stream never joined")
          // 200 messages of 4,000 characters: 800 KB, far under 1,000 events, far over 64 KiB.
          let text = String(repeating: "x", count: 4000)
          for index in 0..<200 {
            _ = try await env.messaging.sendDirectMessage(
              .with {
                $0.userID = env.ben.id; $0.text = "\(index) " + text.dropFirst(8)
              }, metadata: env.ana.metadata)
          }
          slow.release()
          let ended = try await slow.waitForEnd()
          guard case .success? = ended else {
            Issue.record("the slow stream did not end with RESUME_REQUIRED: \(String(describing: ended))")
            await slow.close()
            return
          }
          let received = slow.received
          #expect(received.last?.kind == .resumeRequired)
          #expect(received.filter { $0.kind == .directMessage }.count < 200)
          await slow.close()
        }
      }
    }

    @Test func presenceFollowsOpenStreamsOfRoomMates() async throws {
      try await MessagingFixture.run { env in
        let room = try await env.messaging.createRoom(.with { $0.name = "5x5 lifters" }, metadata: env.ana.metadata).room
        _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)
        let (anaStream, _) = try await OpenStream.live(env, env.ana)
        let benStream = OpenStream(env.messaging, env.ben.metadata)
        let online = try await anaStream.wait { $0.contains { $0.kind == .presence && $0.presence.userID == env.ben.id && $0.presence.online } }
        #expect(online)
        let members = try await env.messaging.listRoomMembers(.with { $0.roomID = room.id }, metadata: env.ana.metadata).members
        #expect(Dictionary(uniqueKeysWithValues: members.map { ($0.user.username, $0.online) }) == ["ana": true, "ben": true])
        let onlineOnly = try await env.messaging.listRoomMembers(
          .with {
            $0.roomID = room.id; $0.onlineOnly = true
          }, metadata: env.ana.metadata)
        #expect(onlineOnly.members.count == 2)
        await benStream.close()
        let offline = try await anaStream.wait { $0.contains { $0.kind == .presence && $0.presence.userID == env.ben.id && !$0.presence.online } }
        #expect(offline)
        await anaStream.close()
      }
    }

    @Test func gracefulShutdownEndsOpenStreamsAtOnceInsteadOfHoldingTheGracePeriod() async throws {
      try await withRunningAuth { auth in
        let port = try freePort()
        let settings = MessagingApp.Settings(
          backend: BackendSettings(
            common: CommonSettings(listen: HostPort(host: "127.0.0.1", port: port), metricsListen: HostPort(host: "127.0.0.1", port: 0)),
            dataDirectory: try temporaryDirectory("gym-messaging"), auth: auth.address, credential: auth.credential))
        let user = try await auth.register("night_owl")
        // The client outlives the server, as a phone does.
        try await withClient(to: HostPort(host: "127.0.0.1", port: port)) { client in
          let built = try await MessagingApp.build(settings, logger: Logger(label: "messaging"))
          let stream = try await withRunningProcess(built) { address in
            // The client first tried before the server listened: it is open once a
            // notification reaches it.
            let stream = OpenStream(Messaging(wrapping: client), user.metadata, waitForReady: true)
            try await withCredentialClient(to: address, auth.credential) { internalClient in
              _ = try await stream.ping(user, via: Gym_Messaging_V1_MessagingInternal.Client(wrapping: internalClient), seconds: 10)
            }
            return stream
          }
          // withRunningProcess allows 5 s; ending the streams first makes it quick.
          let ended = try await stream.waitForEnd(seconds: 1)
          guard case .success? = ended else {
            Issue.record("the stream did not end cleanly: \(String(describing: ended))")
            await stream.close()
            return
          }
        }
      }
    }

    @Test func aCursorOlderThanTheKeptLogIsOutOfRangeNotASilentGap() async throws {
      try await MessagingFixture.run(eventRetention: .seconds(1)) { env in
        let (stream, _) = try await OpenStream.live(env, env.ben)
        _ = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "first"
          }, metadata: env.ana.metadata)
        _ = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "second"
          }, metadata: env.ana.metadata)
        _ = try await stream.wait { events in events.filter { $0.kind == .directMessage }.count == 2 }
        await stream.close()
        let ids = stream.messages.map(\.id)
        try #require(ids.count == 2, "the stream did not get both messages")
        // Both trimmed once ben's floor reaches the second: wait for that, bounded.
        let store = try MessagingStore(path: env.dataDirectory + "/messaging.sqlite") { _ in }
        let trimmed = try await eventually(within: .seconds(10)) { try await store.eventFloor(userID: env.ben.id) >= ids[1] }
        try #require(trimmed, "the trimmer did not drop the two messages")
        // Resuming after the first: the second is gone, and the client is told so.
        let expired = OpenStream(env.messaging, env.ben.metadata, after: ids[0])
        guard case .failure(let error)? = try await expired.waitForEnd() else {
          Issue.record("a stale cursor was accepted")
          await expired.close()
          return
        }
        #expect(error.code == .outOfRange)
        // Resuming after the newest trimmed event is fine: nothing was missed, and the
        // stream carries what comes next.
        let (current, _) = try await OpenStream.live(env, env.ben, after: ids[1])
        let next = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "third"
          }, metadata: env.ana.metadata
        ).message
        #expect(try await current.wait { $0.contains { $0.message.id == next.id } })
        #expect(current.ended.withLock { $0 } == nil)
        await current.close()
      }
    }

    /// The offline announcement is part of the call, not work left running after it:
    /// once a stream's end reaches its client, its peers' streams already hold it, ahead
    /// of anything sent from then on.
    @Test func peersAreToldOfAnEndedStreamBeforeItsEndIsReported() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        let room = try await env.messaging.createRoom(.with { $0.name = "night shift" }, metadata: env.ana.metadata).room
        _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)
        let (anaStream, _) = try await OpenStream.live(env, env.ana)
        let (benStream, _) = try await OpenStream.live(env, env.ben)
        let online = try await anaStream.wait { $0.contains { $0.kind == .presence && $0.presence.userID == env.ben.id && $0.presence.online } }
        #expect(online)
        // The server ends ben's stream (a ban revokes his sessions).
        _ = try await env.running.auth.banUser(
          .with {
            $0.userID = env.ben.id; $0.reason = "spam"
          }, metadata: admin.metadata)
        guard case .failure? = try await benStream.waitForEnd(seconds: 30) else {
          Issue.record("the ban did not end ben's stream")
          await benStream.close()
          await anaStream.close()
          return
        }
        let later = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ana.id; $0.text = "still there?"
          }, metadata: env.cat.metadata
        ).message
        #expect(try await anaStream.wait { $0.contains { $0.message.id == later.id } })
        let events = anaStream.received
        let offline = events.firstIndex { $0.kind == .presence && $0.presence.userID == env.ben.id && !$0.presence.online }
        let message = try #require(events.firstIndex { $0.message.id == later.id })
        #expect(offline.map { $0 < message } == true, "ben's offline presence came after a message sent once his stream had ended")
        await anaStream.close()
      }
    }

    @Test func aBanEndsTheUsersOpenStream() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        // Joined before the ban (a ping arrived on it), so only the ban can end it.
        let (benStream, _) = try await OpenStream.live(env, env.ben)
        let start = ContinuousClock.now
        _ = try await env.running.auth.banUser(
          .with {
            $0.userID = env.ben.id; $0.reason = "spam"
          }, metadata: admin.metadata)
        let ended = try await benStream.waitForEnd(seconds: 5)
        #expect(ContinuousClock.now - start < .seconds(5))
        guard case .failure(let error)? = ended else {
          Issue.record("the stream did not end with an error: \(String(describing: ended))")
          await benStream.close()  // or the client waits on it for ever when the fixture ends
          return
        }
        #expect(error.code == .unauthenticated)
      }
    }
  }
}
