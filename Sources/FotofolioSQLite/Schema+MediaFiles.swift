import Fotofolio
import GRDB

extension Schema {
    /// Which photos use each file under `/media/` (`mediaFile`), so a file opens by the rule of
    /// the photos that use it: names are made from the bytes, and two owners' identical
    /// photos share their files. Triggers keep it as the photos' variant lists, films and
    /// galleries' previews say, whoever writes them. What operators hid is read by photo
    /// (`hiddenPhoto`), so `hiddenMedia`, which hid a file for everyone, goes.
    static func createMediaFiles(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE mediaFile (
                fileName TEXT NOT NULL,
                photoId INTEGER NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
                -- A gallery's watermarked preview, not one of the photo's own variants.
                preview BOOLEAN NOT NULL DEFAULT 0,
                PRIMARY KEY (fileName, photoId));
            CREATE INDEX mediaFile_byPhoto ON mediaFile (photoId);
            CREATE TRIGGER photo_mediaFiles_insert AFTER INSERT ON photo BEGIN
                \(photoFiles("NEW"))
            END;
            CREATE TRIGGER photo_mediaFiles_update AFTER UPDATE OF variants, film ON photo BEGIN
                DELETE FROM mediaFile WHERE photoId = NEW.id AND NOT preview;
                \(photoFiles("NEW"))
            END;
            CREATE TRIGGER galleryPhoto_mediaFiles_insert AFTER INSERT ON galleryPhoto BEGIN
                INSERT OR IGNORE INTO mediaFile (fileName, photoId, preview)
                SELECT json_extract(value, '$.fileName'), NEW.photoId, 1 FROM json_each(NEW.previews)
                WHERE json_extract(value, '$.fileName') IS NOT NULL;
            END;
            CREATE TRIGGER galleryPhoto_mediaFiles_delete AFTER DELETE ON galleryPhoto BEGIN
                DELETE FROM mediaFile WHERE photoId = OLD.photoId AND preview;
            END;
            INSERT OR IGNORE INTO mediaFile (fileName, photoId)
            SELECT json_extract(value, '$.fileName'), photo.id FROM photo, json_each(photo.variants)
            WHERE json_extract(value, '$.fileName') IS NOT NULL;
            INSERT OR IGNORE INTO mediaFile (fileName, photoId)
            SELECT json_extract(photo.film, '$.' || name.field), photo.id
            FROM photo, (SELECT 'mp4File' AS field UNION ALL SELECT 'webmFile' UNION ALL SELECT 'storyboardFile'
                         UNION ALL SELECT 'storyboardMapFile') AS name
            WHERE photo.film IS NOT NULL AND json_extract(photo.film, '$.' || name.field) IS NOT NULL;
            INSERT OR IGNORE INTO mediaFile (fileName, photoId, preview)
            SELECT json_extract(value, '$.fileName'), galleryPhoto.photoId, 1 FROM galleryPhoto, json_each(galleryPhoto.previews)
            WHERE json_extract(value, '$.fileName') IS NOT NULL;
            -- Whether a photo is someone's profile picture, read with every file's facts.
            CREATE INDEX user_byAvatar ON user (avatarPhotoId) WHERE avatarPhotoId IS NOT NULL;
            DROP TABLE hiddenMedia;
            """)
    }

    /// The statements of a trigger that add a photo's own files: its variants and a film's.
    private static func photoFiles(_ row: String) -> String {
        """
        INSERT OR IGNORE INTO mediaFile (fileName, photoId)
                SELECT json_extract(value, '$.fileName'), \(row).id FROM json_each(\(row).variants)
                WHERE json_extract(value, '$.fileName') IS NOT NULL;
                INSERT OR IGNORE INTO mediaFile (fileName, photoId)
                SELECT value, \(row).id FROM json_each(json_array(json_extract(\(row).film, '$.mp4File'),
                    json_extract(\(row).film, '$.webmFile'), json_extract(\(row).film, '$.storyboardFile'),
                    json_extract(\(row).film, '$.storyboardMapFile')))
                WHERE \(row).film IS NOT NULL AND value IS NOT NULL;
        """
    }
}
