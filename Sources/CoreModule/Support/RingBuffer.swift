/// A first-in, first-out buffer that keeps only its newest `capacity` elements.
///
/// Appending is O(1) amortized and never grows the buffer past `capacity`, which is how the
/// coordinator's history stays bounded however long the app runs. Storage grows on demand, as
/// elements arrive, so any capacity, `Int.max` included, costs only what is stored; a
/// capacity of 0 or less keeps nothing.
struct RingBuffer<Element> {
    private var elements: [Element] = []
    private var head = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(0, capacity)
    }

    mutating func append(_ element: Element) {
        guard capacity > 0 else { return }
        if elements.count < capacity {
            elements.append(element)
        } else {
            elements[head] = element
            head = head == capacity - 1 ? 0 : head + 1
        }
    }

    /// The elements, oldest first.
    var contents: [Element] {
        Array(elements[head...] + elements[..<head])
    }
}
