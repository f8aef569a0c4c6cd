/// The numbers the next screen, stack, modal and event of a coordinator get; each is used once.
struct Counters {
    var screen: UInt64 = 1
    var stack: UInt64 = 1
    var modal: UInt64 = 1
    var sequence: UInt64 = 1

    mutating func nextScreen() -> ScreenID {
        defer { screen += 1 }
        return ScreenID(screen)
    }

    mutating func nextStack() -> StackID {
        defer { stack += 1 }
        return StackID(stack)
    }

    mutating func nextModal() -> ModalID {
        defer { modal += 1 }
        return ModalID(modal)
    }

    mutating func nextSequence() -> UInt64 {
        defer { sequence += 1 }
        return sequence
    }
}
