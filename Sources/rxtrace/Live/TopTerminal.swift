import Foundation

/// The terminal while `rxtrace top` draws on it: keys read one at a time without echo (and
/// Ctrl-C as a key, so that the terminal is always given back), the alternate screen, no
/// cursor. ``restore()`` puts everything back.
final class TopTerminal {
    private var saved = termios()
    private var active = false

    /// Takes over the terminal on standard input and output.
    init() {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        active = true
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    /// The terminal's size, or 80×24 when it does not say.
    var size: (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Clears the screen and draws `lines`.
    func draw(_ lines: [String]) {
        write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n"))
    }

    /// Waits up to `milliseconds` for a key; the key, or `nil` when none came.
    func key(within milliseconds: Int32) -> UInt8? {
        var watched = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&watched, 1, milliseconds) > 0 else { return nil }
        var byte: UInt8 = 0
        // End of input counts as quitting.
        return Foundation.read(STDIN_FILENO, &byte, 1) == 1 ? byte : UInt8(ascii: "q")
    }

    /// Gives the terminal back as it was.
    func restore() {
        guard active else { return }
        active = false
        write("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }

    private func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}
