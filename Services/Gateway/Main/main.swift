import GymGateway
import GymService

await GymMain.run(process: "gym-gateway", keys: GatewayApp.keys) { config, logger in
  try await GatewayApp.build(GatewayApp.Settings(config: config), logger: logger)
}
