import Testing

/// Every messaging suite that starts auth and messaging, one test at a time: run side
/// by side with the rest of the package they starve one another past internal deadlines.
@Suite(.serialized) enum MessagingRPC {}
