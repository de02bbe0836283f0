/** The review intervals offered by the screens (the API reads others too, such as `2w`). */
export const REVIEW_INTERVALS: readonly string[] = ['90d', '6m', '1y', 'never']
