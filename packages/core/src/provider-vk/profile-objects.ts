// The objects nested in the VK profile (VkProfile, providers/vk.ts), and VK's integer boolean flag.

/** A VK boolean flag: an integer. */
export type VkFlag = 0 | 1

export interface VkCareer {
  city_id: number
  city_name: string
  company: string
  country_id: number
  from: number
  group_id: number
  position: string
  until: number
}

/** A city or a country. */
export interface VkPlace {
  id: number
  title: string
}

export interface VkConnections {
  facebook: string
  instagram: string
  livejournal: string
  skype: string
  twitter: string
}

export interface VkContacts {
  home_phone: string
  mobile_phone: string
}

export interface VkCounters {
  albums: number
  audios: number
  followers: number
  friends: number
  groups: number
  mutual_friends: number
  notes: number
  online_friends: number
  pages: number
  photos: number
  user_videos: number
  videos: number
}

export interface VkEducation {
  faculty: number
  faculty_name: string
  graduation: number
  university: number
  university_name: string
}

export interface VkExports {
  facebook: number
  instagram: number
  livejournal: number
  twitter: number
}

export interface VkLastSeen {
  /** 1 mobile web, 2 iPhone, 3 iPad, 4 Android, 5 Windows Phone, 6 Windows 10, 7 full web. */
  platform: 1 | 2 | 3 | 4 | 5 | 6 | 7
  time: number
}

export interface VkMilitary {
  country_id: number
  from?: number
  unit: string
  unit_id: number
  until?: number
}

export interface VkOccupation {
  id?: number
  name?: string
  type?: "work" | "school" | "university"
}

export interface VkPersonal {
  alcohol: 1 | 2 | 3 | 4 | 5
  inspired_by: string
  langs: string[]
  life_main: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8
  people_main: 1 | 2 | 3 | 4 | 5 | 6
  political: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9
  religion: string
  smoking: 1 | 2 | 3 | 4 | 5
}

export interface VkRelationPartner {
  first_name: string
  last_name: string
  id: number
  can_access_closed?: boolean
  is_closed?: boolean
  deactivated?: string
  hidden?: number
}

export interface VkRelative {
  id: number
  name: string
  type: "parent" | "child" | "grandparent" | "grandchild" | "sibling"
}

export interface VkSchool {
  city: number
  country: number
  type: number
  year_from: number
  year_graduated: number
  year_to: number
  class: string
  id: string
  name: string
  speciality: string
  type_str: string
}

export interface VkStatusAudio {
  artist: string
  title: string
  duration: number
  id: number
  owner_id: number
  access_key?: string
  performer?: string
  url?: string
  album_id?: number
  date?: number
  genre_id?: number
}

export interface VkUniversity {
  chair: number
  city: number
  country: number
  faculty: number
  graduation: number
  id: number
  university_group_id: number
  chair_name: string
  education_form: string
  education_status: string
  faculty_name: string
  name: string
}

export interface VkCropPhoto {
  crop: VkCropRect
  rect: VkCropRect
  photo: VkPhoto
}

/** A rectangle in percent of the photo. */
export interface VkCropRect {
  x: number
  x2: number
  y: number
  y2: number
}

export interface VkPhoto {
  album_id: number
  date: number
  id: number
  owner_id: number
  has_tags: boolean
  access_key?: string
  photo_256?: string
  place?: string
  text?: string
  can_comment?: VkFlag
  height?: number
  width?: number
  lat?: number
  long?: number
  post_id?: number
  user_id?: number
  images?: VkPhotoImage[]
  sizes?: VkPhotoSize[]
}

export type VkPhotoImageType = "p" | "q" | "s" | "r" | "x" | "y" | "m" | "l" | "o" | "z" | "w"

export interface VkPhotoImage {
  height: number
  width: number
  url: string
  type: VkPhotoImageType
}

export type VkPhotoSizeType =
  | "max" | "k" | "a" | "b" | "i" | "p" | "q" | "s" | "g" | "d" | "r" | "x" | "y" | "m" | "l" | "o" | "z" | "w" | "c" | "e" | "j" | "temp" | "h" | "n" | "f"

export interface VkPhotoSize {
  height: number
  width: number
  src: string
  url: string
  type: VkPhotoSizeType
}
