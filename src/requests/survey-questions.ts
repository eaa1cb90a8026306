/**
 * The nested payloads of a survey (docs/service-behaviour.md §5.1, §P2): questions discriminated by
 * `type`, branching, display conditions, appearance. Types only.
 */
import type {
  SURVEY_CONTENT_TYPES,
  SURVEY_DEVICE_TYPES,
  SURVEY_MATCH_TYPES,
  SURVEY_POSITIONS,
  SURVEY_RATING_DISPLAYS,
  SURVEY_VALIDATION_TYPES,
  SURVEY_WIDGET_TYPES,
} from '../schemas/enums.js'

/** `text` or `html` (HTML is sanitised by the service). */
export type SurveyContentType = (typeof SURVEY_CONTENT_TYPES)[number]
/** A rating question's scale: 3 (emoji), 5, 7 or 10 (NPS). Spelled out (`SURVEY_RATING_SCALES` holds the same, checked by test/schema-ties.ts) so the reference shows the numbers. */
export type SurveyRatingScale = 3 | 5 | 7 | 10
/** How a page URL or device type is matched: `exact`, `icontains`, `regex`, … */
export type SurveyMatchType = (typeof SURVEY_MATCH_TYPES)[number]
/** A link the service accepts: `https://…` (with a host) or `mailto:…`. */
export type SurveyLink = `https://${string}` | `mailto:${string}`
/** A non-empty list: at least one item. */
export type NonEmptyArray<T> = [T, ...T[]]

/** The translated texts of a question for one language. */
export interface SurveyQuestionTranslation {
  /** The question. */
  question?: string
  /** The description. */
  description?: string
  /** The button text. */
  buttonText?: string
  /** Rating questions: the low end's label. */
  lowerBoundLabel?: string
  /** Rating questions: the high end's label. */
  upperBoundLabel?: string
  /** Link questions: the link. */
  link?: string
  /** Choice questions: the choices, as many as the original's. */
  choices?: string[]
}

/** An open question's answer rule. */
export interface SurveyQuestionValidation {
  /** `min_length`, `max_length` or `email`. */
  type: (typeof SURVEY_VALIDATION_TYPES)[number]
  /** The length, a positive integer (length rules only; min ≤ max). */
  value?: number
}

/** Where to go after a question: the next one, the end, or a given question (0-based index). */
export type SurveyBranching =
  | { /** Go on to the next question (default). */ type: 'next_question' }
  | { /** End the survey (shows the thank-you message). */ type: 'end' }
  | {
      /** Jump to the question at `index`. */
      type: 'specific_question'
      /** 0-based index of the next question. */
      index: number
    }

/**
 * Branching on the answer (rating and single-choice questions only): answer key (a choice's 0-based
 * index, or a rating value or bucket) → the next question's index, or `'end'`.
 */
export interface SurveyResponseBasedBranching {
  /** Discriminator. */
  type: 'response_based'
  /** Answer key → next question index or `'end'`. */
  responseValues: Record<string, number | 'end'>
}

/** Fields every question takes (docs/service-behaviour.md §P2.2). */
export interface SurveyQuestionFields {
  /** The question text, non-empty (HTML is sanitised). */
  question: string
  /** A UUID; the service assigns one when missing. Send the existing id when editing, so answers stay attached. */
  id?: string
  /** Text under the question. */
  description?: string | null
  /** `text` (default) or `html`. */
  descriptionContentType?: SurveyContentType
  /** The question may be skipped. */
  optional?: boolean
  /** The submit button's text. */
  buttonText?: string
  /** Translations keyed by language code (not the survey's base language). */
  translations?: Record<string, SurveyQuestionTranslation>
}

/** A free-text question. */
export interface SurveyOpenQuestion extends SurveyQuestionFields {
  /** Discriminator. */
  type: 'open'
  /** Rules the answer must follow. */
  validation?: SurveyQuestionValidation[]
  /** Where to go next. */
  branching?: SurveyBranching
}

/** A question with a link (a call to action). */
export interface SurveyLinkQuestion extends SurveyQuestionFields {
  /** Discriminator. */
  type: 'link'
  /** The link: `https://` with a host, or `mailto:` with an address (other schemes are refused). */
  link: SurveyLink
  /** Where to go next. */
  branching?: SurveyBranching
}

/** A rating (numbers or emoji; 0–10 with `isNpsQuestion` for NPS). */
export interface SurveyRatingQuestion extends SurveyQuestionFields {
  /** Discriminator. */
  type: 'rating'
  /** `number` (default) or `emoji`. */
  display?: (typeof SURVEY_RATING_DISPLAYS)[number]
  /** 3 (emoji), 5, 7 or 10 (NPS). */
  scale?: SurveyRatingScale
  /** Label of the low end, e.g. `Unlikely`. */
  lowerBoundLabel?: string
  /** Label of the high end, e.g. `Very likely`. */
  upperBoundLabel?: string
  /** A Net Promoter Score question (0–10). */
  isNpsQuestion?: boolean
  /** Submit on click, without a button. */
  skipSubmitButton?: boolean
  /** Where to go next, possibly by the rating given. */
  branching?: SurveyBranching | SurveyResponseBasedBranching
}

/** Fields of the choice questions. */
export interface SurveyChoiceFields extends SurveyQuestionFields {
  /** The choices: non-empty strings (2–20 on the service's form). */
  choices: NonEmptyArray<string>
  /** Show the choices in random order. */
  shuffleOptions?: boolean
  /** The last choice becomes an open "Other" field. */
  hasOpenChoice?: boolean
  /** Submit on click, without a button. */
  skipSubmitButton?: boolean
}

/** One answer among choices. */
export interface SurveySingleChoiceQuestion extends SurveyChoiceFields {
  /** Discriminator. */
  type: 'single_choice'
  /** Where to go next, possibly by the choice made (keys are choice indexes). */
  branching?: SurveyBranching | SurveyResponseBasedBranching
}

/** Any number of answers among choices (no branching). */
export interface SurveyMultipleChoiceQuestion extends SurveyChoiceFields {
  /** Discriminator. */
  type: 'multiple_choice'
}

/** A survey question, discriminated by `type` (docs/service-behaviour.md §P2.2, §P2.3). */
export type SurveyQuestion = SurveyOpenQuestion | SurveyLinkQuestion | SurveyRatingQuestion | SurveySingleChoiceQuestion | SurveyMultipleChoiceQuestion

/** Filters on a triggering event's properties: property name → `{ values, operator }`. */
export interface SurveyEventPropertyFilter {
  /** The values compared with. */
  values: string[]
  /** `exact`, `is_not`, `icontains`, `not_icontains`, `regex`, `not_regex`, `gt` or `lt`. */
  operator: SurveyMatchType | 'gt' | 'lt'
}

/** When a survey is shown (docs/service-behaviour.md §P2.5). External surveys take none of these. */
export interface SurveyConditions {
  /** Page URL to match (with `urlMatchType`). */
  url?: string | null
  /** How `url` matches (default `icontains`). */
  urlMatchType?: SurveyMatchType | null
  /** A CSS selector that must be on the page. */
  selector?: string | null
  /** Not shown to people who saw any survey in the last N days (N ≥ 0). */
  seenSurveyWaitPeriodInDays?: number | null
  /** With `linked_flag_id`: `any` or one of the linked flag's variant keys. */
  linkedFlagVariant?: string | null
  /** Only on these devices. */
  deviceTypes?: Array<(typeof SURVEY_DEVICE_TYPES)[number]> | null
  /** How `deviceTypes` matches. */
  deviceTypesMatchType?: SurveyMatchType | null
  /** Show after one of these events. */
  events?: {
    /** Show on every trigger, not only the first. */
    repeatedActivation?: boolean
    /** The events, with optional property filters. */
    values?: Array<{ name: string; propertyFilters?: Record<string, SurveyEventPropertyFilter> }>
  } | null
  /** Show after one of these actions (reads return the full action objects). */
  actions?: { values: Array<{ id: number; name: string }> } | null
}

/** The look of a survey (docs/service-behaviour.md §P2.6); every field is optional. Colours are CSS colours. */
export interface SurveyAppearance {
  /** Background colour. */
  backgroundColor?: string
  /** Submit button colour. */
  submitButtonColor?: string
  /** Submit button text colour. */
  submitButtonTextColor?: string
  /** Text colour (deprecated). */
  textColor?: string
  /** Description text colour. */
  descriptionTextColor?: string
  /** Rating button colour. */
  ratingButtonColor?: string
  /** Selected rating button colour. */
  ratingButtonActiveColor?: string
  /** Hovered rating button colour. */
  ratingButtonHoverColor?: string
  /** Border colour. */
  borderColor?: string
  /** Input background colour. */
  inputBackground?: string
  /** Input text colour. */
  inputTextColor?: string
  /** Subtle text colour. */
  textSubtleColor?: string
  /** Submit button text (deprecated: use each question's `buttonText`). */
  submitButtonText?: string
  /** Placeholder of open questions. */
  placeholder?: string
  /** Hide the PostHog branding (needs the white-labelling feature, else 400). */
  whiteLabel?: boolean
  /** Close by itself after the thank-you message. */
  autoDisappear?: boolean
  /** Show a thank-you message after the last question. */
  displayThankYouMessage?: boolean
  /** The thank-you message's header. */
  thankYouMessageHeader?: string
  /** The thank-you message's text. */
  thankYouMessageDescription?: string
  /** `text` or `html`. */
  thankYouMessageDescriptionContentType?: SurveyContentType
  /** The thank-you close button's text. */
  thankYouMessageCloseButtonText?: string
  /** Where the popover sits: `right`, `center`, `top_left`, `next_to_trigger`, … */
  position?: (typeof SURVEY_POSITIONS)[number]
  /** Widget tab position. */
  tabPosition?: string
  /** Shuffle the questions (not with branching: 400). */
  shuffleQuestions?: boolean
  /** Delay before showing, in seconds (≥ 0; not for external surveys). */
  surveyPopupDelaySeconds?: number
  /** Show a Back button (web only, default `false`). */
  allowGoBack?: boolean
  /** The Back button's text (default `Back`). */
  backButtonText?: string
  /** Widget surveys: `button`, `tab` or `selector`. */
  widgetType?: (typeof SURVEY_WIDGET_TYPES)[number]
  /** Widget surveys: the CSS selector that opens it (`selector` type). */
  widgetSelector?: string
  /** Widget surveys: the tab's label. */
  widgetLabel?: string
  /** Widget surveys: the tab's colour. */
  widgetColor?: string
  /** A web-safe font family. */
  fontFamily?: string
  /** Maximum width, CSS length. */
  maxWidth?: string
  /** z-index, as a string. */
  zIndex?: string
  /** Opacity of disabled buttons, as a string. */
  disabledButtonOpacity?: string
  /** Inner padding, CSS length. */
  boxPadding?: string
  /** Box shadow, CSS. */
  boxShadow?: string
  /** Border radius, CSS length. */
  borderRadius?: string
}
