export interface RoundRobinProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Where requests go, in turn; may be changed in place (a restarted server's address). */
  targets: string[];
  /** How many requests each target was given, in the order of the targets. */
  sent: number[];
  /** Closes the proxy and every connection through it. */
  stop: () => Promise<void>;
}
/** A load balancer on 127.0.0.1 sending each request to the next of `targets` in turn. */
export declare function startRoundRobinProxy(targets?: string[]): Promise<RoundRobinProxy>;
