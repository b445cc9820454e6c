// The little of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    /** Requests per second across all connections; unlimited when absent. */
    overallRate?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
  }
  interface Result {
    duration: number;
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
    requests: { average: number };
  }
  export default function autocannon(options: Options): Promise<Result>;
}
