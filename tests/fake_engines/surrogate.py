"""Writes what is not valid Unicode: MODE 'escape' answers the targeted cases with a snapshot whose
name is a lone surrogate as a JSON escape (``"\\ud800"``, valid JSON, no Unicode string);
'raw' writes the bytes of a lone surrogate (invalid UTF-8); 'name' puts a lone surrogate in the
engine's name in ``started``. Usage: surrogate.py MODE [CASE_ID ...]."""

import json
import sys

import _fake
from _fake import ENGINE, reply, serve, write

MODE = sys.argv[1]
_fake.TARGETS = set(sys.argv[2:])


def misbehave(number, seq, case):
    if not _fake.targeted(case) or MODE == "name":
        return False
    snapshots = ENGINE.run(case)
    for snapshot in snapshots:
        for values in snapshot.get("objects", {}).values():
            values["name"] = values["power"] = "bear\ud800"  # power is compared
    if MODE == "escape":
        reply({"seq": seq, "snapshots": snapshots})  # json.dumps escapes it: \ud800
    else:
        text = json.dumps({"seq": seq, "snapshots": snapshots}, ensure_ascii=False)
        sys.stdout.buffer.write(text.encode("utf-8", "surrogatepass") + b"\n")
        sys.stdout.buffer.flush()
    return True


if MODE == "name":
    description = {**ENGINE.describe(), "name": "engine\udc80"}
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "start":
            reply({"version": 1, "engine": description})
        elif request["cmd"] == "run":
            _fake.answer(request["seq"], request["case"])
        else:
            break
else:
    serve(misbehave)
