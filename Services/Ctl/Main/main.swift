import GymCtl

await GymCtlCommand.main()
