/** Routines as the domain knows them: what the templates fill in and the schedule reads; the port stores them. */

/** A routine's template: one provided by the service, or empty for a blank routine. */
export type RoutineTemplate = '' | 'coherence' | 'digest'

/** Who a routine's report is mailed to. */
export type RoutineEmail = '' | 'admins' | 'members'

/** A scheduled rereading of a space that writes only to its outputs. */
export type Routine = {
  id: string
  spaceId: number
  name: string
  template: RoutineTemplate
  instructions: string
  frequency: 'daily' | 'weekly' | 'monthly'
  /** 0 = Monday. */
  weekday: number
  /** 1 to 28. */
  monthday: number
  /** `HH:MM` in the space's time zone. */
  at: string
  /** Folders under content/ it reads; empty: the whole space. */
  scope: string[]
  /** A Markdown page under content/ (relative to it), or empty. */
  outputPage: string
  outputInbox: boolean
  outputWebhook: string
  /** The webhook's signing secret, sealed with the server's key. */
  webhookSecret: string | null
  outputEmail: RoutineEmail
  enabled: boolean
  nextRun: number | null
  lastRun: number | null
  createdAt: number
}
