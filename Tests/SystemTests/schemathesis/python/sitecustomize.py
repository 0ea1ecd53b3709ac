# Loaded by every Python the schemathesis script starts (PYTHONPATH). CPython before 3.12.4
# builds AST objects with a recursion counter shared by all threads (gh-106905), so two
# threads in ast.parse at once can fail with "SystemError: AST constructor recursion depth
# mismatch"; hypothesis parses lambdas' source that way in each of schemathesis's worker
# threads. One parse at a time keeps the workers.
import ast
import threading

_lock = threading.Lock()
_parse = ast.parse


def _serialized_parse(*args, **kwargs):
    with _lock:
        return _parse(*args, **kwargs)


ast.parse = _serialized_parse
