/** The current time, in milliseconds since the epoch (tests move it by hand). */
export interface Clock {
  now(): number
}
