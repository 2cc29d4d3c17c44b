import BaseModelKitJSON
/// Checks once, at first use, that the runtime's field metadata is present and that typed field
/// access reads and writes the fields it names.
enum ReflectionSelfTest {
    private final class Probe {
        var number: Int = 7
        var text: String = "seven"
    }

    /// Whether reflection works in this build (it does not in builds without reflection metadata).
    static let passes: Bool = {
        let fields = RuntimeFields.storedFields(of: Probe.self)
        guard fields.map(\.name) == ["number", "text"],
              let number = FieldHandle<Int>(field: fields[0]),
              let text = FieldHandle<String>(field: fields[1]) else { return false }
        let probe = Probe()
        guard number.read(from: probe) == 7, text.read(from: probe) == "seven" else { return false }
        number.write(8, to: probe)
        text.write("eight", to: probe)
        return probe.number == 8 && probe.text == "eight"
    }()
}
