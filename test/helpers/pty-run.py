# Runs a command on a pseudo-terminal of the given width and prints what it wrote there (stdout and stderr, as a
# terminal shows them), then exits with its exit code. For the tests of output that depends on a terminal.
#   python3 pty-run.py COLUMNS command [args...]
import fcntl
import os
import pty
import struct
import sys
import termios

columns = int(sys.argv[1])
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    os.execvp(sys.argv[2], sys.argv[2:])
out = b""
while True:
    try:
        data = os.read(fd, 65536)
    except OSError:
        break
    if not data:
        break
    out += data
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(out.replace(b"\r\n", b"\n"))
sys.exit(os.waitstatus_to_exitcode(status))
