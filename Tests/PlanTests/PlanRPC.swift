import Testing

/// Every plan suite that starts auth, catalog and plan, one test at a time: run side by
/// side with the rest of the package they starve one another past internal deadlines.
@Suite(.serialized) enum PlanRPC {}
