import GymMessaging
import GymService

await GymMain.run(process: "gym-messaging", keys: MessagingApp.keys) { config, logger in
  try await MessagingApp.build(MessagingApp.settings(config), logger: logger)
}
