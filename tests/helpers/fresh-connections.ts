// Every fetch of the integration suite opens a connection of its own and the
// server closes it after answering (undici's `pipelining: 0` turns keep-alive
// off). Tests stop, kill and restart servers between calls; a pooled
// keep-alive connection to one of them could be closed under the next call
// before any answer ("other side closed"), a failure of the suite, not of the
// server. Without reuse that race cannot happen, so nothing sends a call again:
// a connection that fails now is a failure of the server under test.
import { Agent, setGlobalDispatcher } from "undici";

setGlobalDispatcher(new Agent({ pipelining: 0 }));
