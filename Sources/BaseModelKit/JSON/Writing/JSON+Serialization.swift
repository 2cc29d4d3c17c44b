extension JSON {
    /// The value as UTF-8 JSON text laid out as `formatting` says. The public entry points
    /// (`serializedData(options:)`, `serializedString(options:)`) take the model options and live with
    /// the public surface.
    func serializedBytes(formatting: JSONWriter.Formatting) throws(JSONWriter.Unwritable) -> [UInt8] {
        var writer = JSONWriter(formatting: formatting)
        try writer.write(self)
        return writer.output
    }
}
